import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composePageSchema, type ComposeOptions, type JsonSchema, type SchemaFile } from '../engine/schema/compose';

// `npm run gen:docs`: writes the page-format reference (docs/reference/) from the schemas the engine
// composes: the page envelope, the shared definitions (schemas/defs/) and one page per widget kind
// (schemas/widgets/<kind>.schema.json). The reference is generated, never edited by hand; the test
// tests/docs/genDocs.test.ts fails while the committed reference differs from what this writes.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REFERENCE_DIR = join(ROOT, 'docs/reference');
const GENERATED_NOTE = 'Generated from `schemas/` by `npm run gen:docs` (`scripts/genDocs.ts`). Do not edit: change the schema and regenerate.';

type Node = Record<string, unknown>;

const isObject = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const code = (s: string) => '`' + s.replace(/`/g, "'") + '`';
const json = (v: unknown) => code(JSON.stringify(v));
/** Table cells hold one line, and a `|` would end the cell. */
const cell = (s: string) => s.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').trim();

interface Row {
  field: string;
  type: string;
  required: string;
  default: string;
  values: string;
  description: string;
}

/** Where the generator is writing: links are relative to this document. */
interface Doc {
  /** path of the document inside the reference folder, '/'-separated: 'widgets/table.md' */
  rel: string;
}

class Reference {
  private readonly files = new Map<string, JsonSchema>();
  private readonly kinds = new Set<string>();

  constructor(files: SchemaFile[], kinds: string[]) {
    for (const f of files) this.files.set(f.rel, f.schema);
    for (const k of kinds) this.kinds.add(k);
  }

  /** The anchor of a shared definition in defs.md: 'formats-format', 'widget-common-visiblewhen'. */
  static anchor(rel: string, def: string): string {
    return `${posix.basename(rel, '.schema.json')}-${def}`.toLowerCase();
  }

  private linkTo(target: string, doc: Doc): string {
    const [path, hash] = target.split('#');
    const from = posix.dirname(doc.rel);
    const rel = path === doc.rel ? '' : posix.relative(from, path) || posix.basename(path);
    return `${rel}${hash ? `#${hash}` : ''}`;
  }

  /** The file and definition a $ref points at, seen from the file it is written in. */
  resolveRef(ref: string, fromRel: string): { rel: string; def: string | null; target: unknown } {
    const [file, fragment = ''] = ref.split('#');
    const rel = file ? posix.normalize(posix.join(posix.dirname(fromRel), file)) : fromRel;
    const m = /^\/definitions\/([^/]+)$/.exec(fragment);
    const schema = this.files.get(rel);
    if (fragment === '') return { rel, def: null, target: schema };
    if (!m) throw new Error(`${fromRel}: $ref '${ref}' is not a definition or a file`);
    const defs = isObject(schema?.definitions) ? (schema.definitions as Node) : {};
    return { rel, def: m[1], target: defs[m[1]] };
  }

  /** A primitive (a string, a number, an enum) is shown where it is used rather than linked. */
  private isSimple(node: unknown): node is Node {
    if (!isObject(node)) return false;
    if (['$ref', 'properties', 'additionalProperties', 'items', 'allOf', 'anyOf', 'oneOf', 'if'].some((k) => k in node)) return false;
    return node.type !== 'object' && node.type !== 'array';
  }

  /** A markdown link naming what a $ref points at: a shared definition, a widget kind or the widget union. */
  private refLink(ref: string, fromRel: string, doc: Doc): string {
    const { rel, def, target } = this.resolveRef(ref, fromRel);
    if (target === undefined) throw new Error(`${fromRel}: $ref '${ref}' points at nothing`);
    // an alias ({"$ref": ...} and nothing else) links to what it names
    if (isObject(target) && typeof target.$ref === 'string' && Object.keys(target).length === 1) return this.refLink(target.$ref, rel, doc);
    if (rel === 'page.schema.json' && def === 'widget') return `[widget](${this.linkTo('README.md#widget-kinds', doc)})`;
    if (rel.startsWith('widgets/') && def === null) {
      const kind = posix.basename(rel, '.schema.json');
      return `[${kind}](${this.linkTo(`widgets/${kind}.md`, doc)})`;
    }
    if (rel.startsWith('defs/') && def) {
      const title = isObject(target) && typeof target.title === 'string' ? target.title : def;
      return `[${title}](${this.linkTo(`defs.md#${Reference.anchor(rel, def)}`, doc)})`;
    }
    throw new Error(`${fromRel}: cannot link $ref '${ref}'`);
  }

  /** The target of a $ref when it is a primitive to show inline, else null. */
  private simpleTarget(node: Node, fromRel: string): { node: Node; rel: string } | null {
    if (typeof node.$ref !== 'string') return null;
    const { rel, target } = this.resolveRef(node.$ref, fromRel);
    if (this.isSimple(target)) return { node: target, rel };
    // an alias ({"$ref": ...} and nothing else) is as simple as what it names
    if (isObject(target) && typeof target.$ref === 'string' && Object.keys(target).every((k) => ['$ref', 'description', 'title'].includes(k))) {
      return this.simpleTarget(target, rel);
    }
    return null;
  }

  /** What a $ref finally points at (through aliases), with the file it is in. */
  private refTarget(node: Node, fromRel: string): { node: Node; rel: string } | null {
    if (typeof node.$ref !== 'string') return null;
    const { rel, target } = this.resolveRef(node.$ref, fromRel);
    if (!isObject(target)) return null;
    if (typeof target.$ref === 'string' && Object.keys(target).length === 1) return this.refTarget(target, rel);
    return { node: target, rel };
  }

  /** The allowed values of a field: its enum, a referenced enum's, or its items'. */
  private valuesOf(node: Node, fromRel: string): unknown[] | null {
    if (Array.isArray(node.enum)) return node.enum;
    const simple = this.simpleTarget(node, fromRel);
    if (simple) return this.valuesOf(simple.node, simple.rel);
    if (isObject(node.items)) return this.valuesOf(node.items, fromRel);
    return null;
  }

  /** A type-discriminated if/then chain: its branches, in order. */
  private chainBranches(node: Node): Node[] | null {
    if (!Array.isArray(node.allOf) || node.allOf.length === 0) return null;
    if (!node.allOf.every((e) => isObject(e) && 'if' in e && 'then' in e)) return null;
    return node.allOf.map((e) => (e as Node).then as Node);
  }

  /** A short type: `string`, `array of [Column]…`, `[Format]`, `"metricCard"`, `A or B`. */
  typeOf(node: unknown, fromRel: string, doc: Doc): string {
    if (!isObject(node)) return 'any';
    if (typeof node.$ref === 'string') {
      const simple = this.simpleTarget(node, fromRel);
      return simple ? this.typeOf(simple.node, simple.rel, doc) : this.refLink(node.$ref, fromRel, doc);
    }
    if ('const' in node) return json(node.const);
    const chain = this.chainBranches(node);
    if (chain) return `one of ${chain.map((b) => this.typeOf(b, fromRel, doc)).join(', ')}`;
    if (Array.isArray(node.allOf) && node.allOf.length > 0 && (!node.properties || this.onlyType(node))) return node.allOf.map((b) => this.typeOf(b, fromRel, doc)).join(' and ');
    const union = (node.anyOf ?? node.oneOf) as unknown;
    if (Array.isArray(union) && union.every((b) => isObject(b) && ('type' in b || '$ref' in b || 'const' in b))) {
      return union.map((b) => this.typeOf(b, fromRel, doc)).join(' or ');
    }
    if ('if' in node && !node.properties && ('then' in node || 'else' in node)) {
      return [node.then, node.else].filter((b) => b !== undefined).map((b) => this.typeOf(b, fromRel, doc)).join(' or ');
    }
    if (Array.isArray(node.enum)) {
      const types = [...new Set(node.enum.map((v) => (v === null ? 'null' : typeof v)))];
      return types.join(' or ');
    }
    const type = node.type;
    if (Array.isArray(type)) return type.join(' or ');
    if (type === 'array' || (type === undefined && 'items' in node)) {
      return 'items' in node ? `array of ${this.typeOf(node.items, fromRel, doc)}` : 'array';
    }
    if (type === 'object' || (type === undefined && ('properties' in node || 'additionalProperties' in node))) {
      if (!isObject(node.properties) && isObject(node.additionalProperties)) return `map of ${this.typeOf(node.additionalProperties, fromRel, doc)}`;
      return typeof node.title === 'string' ? `object (${node.title})` : 'object';
    }
    if (typeof type === 'string') return type;
    return 'any';
  }

  /** Limits a value must respect: `1–12`, `min length 1`, `pattern …`, `at least 1 item`. */
  constraints(node: Node): string[] {
    const out: string[] = [];
    const min = node.minimum ?? (node.exclusiveMinimum !== undefined ? `> ${String(node.exclusiveMinimum)}` : undefined);
    if (typeof node.minimum === 'number' && typeof node.maximum === 'number') out.push(`${node.minimum}–${node.maximum}`);
    else {
      if (typeof min === 'number') out.push(`≥ ${min}`);
      else if (typeof min === 'string') out.push(min);
      if (typeof node.maximum === 'number') out.push(`≤ ${node.maximum}`);
    }
    if (typeof node.minLength === 'number' && node.minLength > 0) out.push(`min length ${node.minLength}`);
    if (typeof node.maxLength === 'number') out.push(`max length ${node.maxLength}`);
    if (typeof node.minItems === 'number' && node.minItems > 0) out.push(`at least ${node.minItems} item${node.minItems === 1 ? '' : 's'}`);
    if (node.uniqueItems === true) out.push('unique items');
    if (typeof node.minProperties === 'number' && node.minProperties > 0) out.push(`at least ${node.minProperties} key${node.minProperties === 1 ? '' : 's'}`);
    if (typeof node.pattern === 'string') out.push(`pattern ${code(node.pattern)}`);
    if (isObject(node.propertyNames) && typeof node.propertyNames.pattern === 'string') out.push(`keys match ${code(node.propertyNames.pattern)}`);
    if (isObject(node.propertyNames) && Array.isArray(node.propertyNames.enum)) out.push(`keys: ${node.propertyNames.enum.map((k) => code(String(k))).join(', ')}`);
    return out;
  }

  /** "op is `map`", "op is one of `truthy`, `falsy`", "`tabs` is set": an if-condition in words. */
  private conditionText(cond: unknown): string | null {
    if (!isObject(cond)) return null;
    const parts: string[] = [];
    if (isObject(cond.properties)) {
      for (const [k, v] of Object.entries(cond.properties)) {
        if (!isObject(v)) return null;
        if ('const' in v) parts.push(`${code(k)} is ${json(v.const)}`);
        else if (Array.isArray(v.enum)) parts.push(`${code(k)} is ${v.enum.map((x) => json(x)).join(' or ')}`);
        else return null;
      }
    }
    if (Array.isArray(cond.required) && parts.length === 0) parts.push(cond.required.map((k) => `${code(String(k))} is set`).join(' and '));
    return parts.length ? parts.join(' and ') : null;
  }

  /** Fields an object's own if/then/else requires conditionally: field → "when op is `map`". */
  private conditionalRequired(node: Node): Map<string, string> {
    const out = new Map<string, string>();
    const cond = this.conditionText(node.if);
    if (!cond || !isObject(node.properties)) return out;
    for (const [branch, word] of [['then', 'when'], ['else', 'unless']] as const) {
      const b = node[branch];
      if (isObject(b) && Array.isArray(b.required)) for (const k of b.required) out.set(String(k), `${word} ${cond}`);
    }
    return out;
  }

  /** The note under an object with anyOf-of-required ("needs one of `call`, `dialog`"). */
  private needsOneOf(node: Node): string | null {
    const alts = node.anyOf ?? node.oneOf;
    if (!Array.isArray(alts) || !alts.every((a) => isObject(a) && Array.isArray(a.required) && Object.keys(a).length === 1)) return null;
    return `needs at least one of ${alts.map((a) => ((a as Node).required as string[]).map(code).join(' + ')).join(', ')}`;
  }

  /** A union over other schemas (allOf chain or refs) whose own properties only pin `type`: the links say it all. */
  private onlyType(node: Node): boolean {
    return Array.isArray(node.allOf) && isObject(node.properties) && Object.keys(node.properties).every((k) => k === 'type');
  }

  /** Inline object shapes under a node to list field by field: its own, its items', its map values', its branches'. */
  private children(node: Node, path: string): Array<{ node: Node; path: string }> {
    const out: Array<{ node: Node; path: string }> = [];
    if (typeof node.$ref === 'string' || this.onlyType(node)) return out;
    if (isObject(node.properties)) out.push({ node, path });
    if (isObject(node.items)) out.push(...this.children(node.items, `${path}[]`));
    if (isObject(node.additionalProperties) && !isObject(node.properties)) out.push(...this.children(node.additionalProperties, `${path}.<key>`));
    if ('if' in node && !isObject(node.properties)) {
      // "one X or a list of X": the fields of X once, under the shorter path
      const branches = [node.then, node.else].flatMap((b) => (isObject(b) ? this.children(b, path) : []));
      const byShape = new Map<string, { node: Node; path: string }>();
      for (const b of branches.sort((x, y) => x.path.length - y.path.length)) {
        const shape = JSON.stringify(b.node.properties);
        if (!byShape.has(shape)) byShape.set(shape, b);
      }
      out.push(...byShape.values());
    }
    return out;
  }

  /** One row per field of an object, then rows for the fields of its inline objects, depth first. */
  rows(node: Node, fromRel: string, doc: Doc, prefix = '', out: Row[] = [], seen = new Set<string>()): Row[] {
    const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
    const conditional = this.conditionalRequired(node);
    for (const [name, child] of Object.entries(isObject(node.properties) ? node.properties : {})) {
      if (!isObject(child)) continue;
      const path = prefix ? `${prefix}.${name}` : name;
      if (seen.has(path)) continue;
      seen.add(path);
      const simple = this.simpleTarget(child, fromRel);
      const shown = simple?.node ?? child;
      // The common widget fields (widget-common) carry descriptions written for where they are used;
      // other linked definitions describe themselves on their own section.
      const common = typeof child.$ref === 'string' && this.resolveRef(child.$ref, fromRel).rel === 'defs/widget-common.schema.json';
      const target = common ? this.refTarget(child, fromRel)?.node : undefined;
      const described = [child, shown, target].find((n) => typeof n?.description === 'string')?.description as string | undefined;
      const description = [described ?? '', this.needsOneOf(child) ?? ''].filter(Boolean);
      const values = this.valuesOf(child, fromRel);
      out.push({
        field: code(path),
        type: [this.typeOf(child, fromRel, doc), ...this.constraints(shown)].join(', '),
        required: required.has(name) ? 'yes' : (conditional.get(name) ?? ''),
        default: 'default' in child ? json(child.default) : 'default' in shown ? json(shown.default) : '',
        values: values ? values.map((v) => json(v)).join(', ') : '',
        description: description.join('; '),
      });
      for (const inner of this.children(child, path)) this.rows(inner.node, fromRel, doc, inner.path, out, seen);
    }
    return out;
  }

  table(rows: Row[]): string {
    if (rows.length === 0) return '';
    const head = '| field | type | required | default | values | description |\n|---|---|---|---|---|---|';
    return [head, ...rows.map((r) => `| ${[r.field, r.type, r.required, r.default, r.values, r.description].map(cell).join(' | ')} |`)].join('\n');
  }

  /** Intro lines and field table of one schema node (a kind, a definition, the page). */
  section(node: Node, fromRel: string, doc: Doc): string {
    const parts: string[] = [];
    if (typeof node.description === 'string') parts.push(node.description);
    const facts: string[] = [];
    const chain = this.chainBranches(node);
    const isObjectNode = isObject(node.properties) && !chain;
    if (!isObjectNode) facts.push(`Type: ${this.typeOf(node, fromRel, doc)}${chain && isObject(node.properties) ? ', chosen by `type`' : ''}`);
    const limits = this.constraints(node);
    if (limits.length) facts.push(`Constraints: ${limits.join(', ')}`);
    const values = this.valuesOf(node, fromRel);
    if (values && !isObjectNode) facts.push(`Values: ${values.map((v) => json(v)).join(', ')}`);
    if ('default' in node) facts.push(`Default: ${json(node.default)}`);
    const oneOf = this.needsOneOf(node);
    if (oneOf) facts.push(`An object that ${oneOf}.`);
    if (isObjectNode && node.additionalProperties === false) facts.push('Other fields are errors.');
    if (facts.length) parts.push(facts.map((f) => `- ${f}`).join('\n'));
    const rows: Row[] = [];
    if (isObjectNode) this.rows(node, fromRel, doc, '', rows);
    else if (chain && this.onlyType(node)) {
      // the chain's links list the variants
    }
    else for (const inner of this.children(node, '')) this.rows(inner.node, fromRel, doc, inner.path.replace(/^\./, ''), rows);
    if (rows.length) parts.push(this.table(rows));
    return parts.join('\n\n');
  }
}

function headerLines(title: string): string[] {
  return [`# ${title}`, '', `<!-- ${GENERATED_NOTE} -->`, ''];
}

export interface ReferenceOptions extends ComposeOptions {
  /** where widget folders (fixtures) are, for the example links; default <repo>/widgets */
  widgetFoldersDir?: string;
}

/**
 * The reference as files (path inside docs/reference → content): README.md (index), page.md (the
 * envelope), defs.md (shared definitions) and widgets/<kind>.md per composed kind.
 */
export function generateReference(options: ReferenceOptions = {}): Map<string, string> {
  const composed = composePageSchema(options);
  if (composed.problems.length) {
    throw new Error(`the schemas do not compose:\n${composed.problems.map((p) => `${p.path}: ${p.message}`).join('\n')}`);
  }
  const kinds = [...composed.kinds].sort((a, b) => a.kind.localeCompare(b.kind));
  const ref = new Reference(composed.files, kinds.map((k) => k.kind));
  const out = new Map<string, string>();
  const repo = (path: string, doc: Doc) => posix.relative(posix.dirname(`docs/reference/${doc.rel}`), path);
  const widgetFolders = options.widgetFoldersDir ?? join(ROOT, 'widgets');

  // index
  const defsFiles = composed.files.filter((f) => f.rel.startsWith('defs/'));
  const index: string[] = [
    ...headerLines('Page format reference'),
    'Every field a page definition (`pages/*.json`) may use, with its type, whether it is required, its default, its allowed values and its description, as the schemas say. How the fields behave at run time is in [docs/page-format.md](../page-format.md); how to edit pages in [docs/pages.md](../pages.md).',
    '',
    '- [Page envelope](page.md): `schemas/page.schema.json`',
    `- [Shared definitions](defs.md): ${defsFiles.map((f) => code(f.rel.replace(/^defs\//, ''))).join(', ')} in \`schemas/defs/\``,
    '',
    '## Widget kinds',
    '',
    'A widget is one of these kinds, chosen by its `type`:',
    '',
    '| kind | what it shows |',
    '|---|---|',
    ...kinds.map((k) => `| [${k.kind}](widgets/${k.kind}.md) | ${cell(firstSentence(k.schema.description))} |`),
    '',
  ];
  out.set('README.md', index.join('\n'));

  // page envelope
  const page = composed.files.find((f) => f.rel === 'page.schema.json')!;
  const pageDoc: Doc = { rel: 'page.md' };
  out.set('page.md', [...headerLines('Page envelope'), `Schema: [schemas/page.schema.json](${repo('schemas/page.schema.json', pageDoc)})`, '', ref.section(page.schema, page.rel, pageDoc), ''].join('\n'));

  // shared definitions
  const defsDoc: Doc = { rel: 'defs.md' };
  const defs: string[] = [...headerLines('Shared definitions'), 'Definitions the page envelope and the widget kinds refer to (`$ref`), by file of `schemas/defs/`.', ''];
  for (const f of defsFiles) {
    const base = posix.basename(f.rel, '.schema.json');
    defs.push(`## ${base}`, '', `Schema: [schemas/${f.rel}](${repo(`schemas/${f.rel}`, defsDoc)})`, '');
    if (typeof f.schema.description === 'string') defs.push(f.schema.description, '');
    for (const [name, node] of Object.entries(isObject(f.schema.definitions) ? (f.schema.definitions as Node) : {})) {
      if (!isObject(node)) continue;
      const title = typeof node.title === 'string' && node.title !== name ? ` (${node.title})` : '';
      defs.push(`<a id="${Reference.anchor(f.rel, name)}"></a>`, '', `### ${base}: ${name}${title}`, '', ref.section(node, f.rel, defsDoc), '');
    }
  }
  out.set('defs.md', defs.join('\n'));

  // one page per kind
  for (const k of kinds) {
    const doc: Doc = { rel: `widgets/${k.kind}.md` };
    const lines = [...headerLines(`Widget kind \`${k.kind}\``)];
    const sources = [`Schema: [schemas/widgets/${k.kind}.schema.json](${repo(`schemas/widgets/${k.kind}.schema.json`, doc)})`];
    if (existsSync(join(widgetFolders, k.kind, 'fixtures', 'valid.json'))) {
      sources.push(`example: [widgets/${k.kind}/fixtures/valid.json](${repo(`widgets/${k.kind}/fixtures/valid.json`, doc)})`);
    }
    lines.push(sources.join(' · '), '', ref.section(k.schema, k.rel, doc), '');
    out.set(doc.rel, lines.join('\n'));
  }
  return out;
}

function firstSentence(text: unknown): string {
  if (typeof text !== 'string') return '';
  const m = /^(.*?[.!?])(\s|$)/.exec(text);
  return m ? m[1] : text;
}

/** Markdown files under dir, as '/'-separated paths relative to it. */
export function referenceFilesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (sub: string) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

/** Writes the reference into dir; removes pages of kinds that no longer exist. */
export function writeReference(dir = REFERENCE_DIR, options: ReferenceOptions = {}): string[] {
  const files = generateReference(options);
  for (const rel of referenceFilesIn(dir)) if (!files.has(rel)) rmSync(join(dir, rel));
  const written: string[] = [];
  for (const [rel, text] of files) {
    const path = join(dir, rel);
    mkdirSync(dirname(path), { recursive: true });
    if (existsSync(path) && readFileSync(path, 'utf8') === text) continue;
    writeFileSync(path, text);
    written.push(rel);
  }
  return written;
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const written = writeReference();
  console.log(`${relative(process.cwd(), REFERENCE_DIR)}: ${written.length ? `wrote ${written.join(', ')}` : 'up to date'}`);
}
