import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { format, resolveConfig } from 'prettier';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composePageSchema, type ComposeOptions, type JsonSchema } from '../schema/compose';
import { toTypesView } from '../schema/bundle';

// `npm run gen:types`: the config type of every widget kind, generated from its schema.
//
//   widgets/<kind>/config.generated.ts   <Kind>Config (TableConfig, MetricCardConfig…) and the
//                                        named parts only that kind's schema defines
//   widgets/shared/defs.generated.ts     the shared definitions (schemas/defs/) the kinds use
//   widgets/shared/common.generated.ts   named parts several kind schemas define alike (InlineWidget…)
//
// Names come from the schemas: a definition or an inline schema with a `title` becomes a type of that
// name, declared once and imported wherever it is used; a definition without one is written inline
// where it is used. Inline copies of one title (the same slot repeated in several kinds) must be
// identical, and two different schemas must not share a title: the generator fails rather than
// number them (`Column1`). Objects become type aliases, not interfaces, so a config is assignable to
// the engine's open `WidgetConfig` (an interface has no implicit index signature).

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SHARED_DEFS_FILE = 'widgets/shared/defs.generated.ts';
export const SHARED_COMMON_FILE = 'widgets/shared/common.generated.ts';

/** Where a kind's config type is written, relative to the repository root. */
export function configFileOf(kind: string): string {
  return `widgets/${kind}/config.generated.ts`;
}

/** The config type a kind's schema generates: 'metricCard' → 'MetricCardConfig'. */
export function configTypeOf(kind: string): string {
  return `${kind[0].toUpperCase()}${kind.slice(1)}Config`;
}

export interface GeneratedFile {
  /** relative to the repository root, '/'-separated */
  path: string;
  source: string;
}

type Schema = Record<string, unknown>;

interface NamedType {
  name: string;
  /** the schema with every named reference written as { $ref: '<name>' } */
  schema: Schema;
  /** the file it is declared in */
  file: string;
  /** declaration order: first seen first */
  order: number;
  /** the schema files it was found in (for the inline ones: where each copy sits) */
  sources: Set<string>;
  /** canonical JSON of the schema, to tell identical copies from clashing titles */
  canonical: string;
}

const NAME = /^[A-Z][A-Za-z0-9]*[A-Za-z]$/;
// Keywords whose values are data, not schemas: never look for titles or references inside them.
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'required']);
// Keywords that only constrain which fields are present: a type cannot express them.
const PRESENCE_KEYWORDS = new Set(['required', 'minProperties', 'maxProperties', 'not', 'propertyNames']);

function isObject(v: unknown): v is Schema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v)) {
    const keys = Object.keys(v).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

function checkName(name: string, where: string): string {
  if (!NAME.test(name) || name.startsWith('Defs')) {
    throw new Error(`${where}: title '${name}' cannot name a type: use a PascalCase name that does not end in a digit`);
  }
  return name;
}

/** Collects the named types reachable from the kinds' schemas and assigns each to its file. */
class TypeCollector {
  readonly types = new Map<string, NamedType>();
  private readonly files = new Map<string, Schema>();
  private readonly kindOfRel = new Map<string, string>();
  /** address (`rel#def`, or `rel#` for a kind) → its type name */
  private readonly addressed = new Map<string, string>();
  /** untitled definitions being inlined, to catch one that contains itself */
  private readonly inProgress = new Set<string>();
  private order = 0;

  constructor(files: readonly { rel: string; schema: JsonSchema }[], kinds: readonly { rel: string; kind: string }[]) {
    for (const f of files) this.files.set(f.rel, toTypesView(withConditionalRequirements(f.schema)) as Schema);
    for (const k of kinds) this.kindOfRel.set(k.rel, k.kind);
  }

  /** The file a type found in these schema files belongs to. */
  private fileFor(sources: Set<string>): string {
    if ([...sources].some((s) => s.startsWith('defs/'))) return SHARED_DEFS_FILE;
    const kinds = new Set([...sources].map((s) => this.kindOfRel.get(s)));
    return kinds.size === 1 ? configFileOf([...kinds][0]!) : SHARED_COMMON_FILE;
  }

  addKind(rel: string): void {
    this.reference(posix.basename(rel), rel);
  }

  /** Resolves a $ref found in `fromRel`: a named type's name, or (untitled) the schema to inline. */
  private reference(ref: string, fromRel: string): { name: string } | { inline: Schema } {
    const [file, pointer = ''] = ref.split('#');
    const rel = file ? posix.normalize(posix.join(posix.dirname(fromRel), file)) : fromRel;
    const doc = this.files.get(rel);
    const m = /^\/definitions\/([^/]+)$/.exec(pointer);
    if (!doc || (pointer !== '' && !m)) throw new Error(`${fromRel}: cannot resolve $ref '${ref}'`);
    const address = `${rel}#${m ? m[1] : ''}`;
    const known = this.addressed.get(address);
    if (known) return { name: known };

    const defs = isObject(doc.definitions) ? doc.definitions : {};
    const target = m ? defs[m[1]] : doc;
    if (!isObject(target)) throw new Error(`${fromRel}: $ref '${ref}' points at nothing`);
    const kind = m ? undefined : this.kindOfRel.get(rel);
    if (!m && !kind) throw new Error(`${fromRel}: $ref '${ref}' names a schema file that is not a widget kind`);
    const title = kind ? configTypeOf(kind) : typeof target.title === 'string' ? target.title : null;

    if (title === null) {
      // untitled: written inline where it is used (a recursive one needs a name)
      if (this.inProgress.has(address)) throw new Error(`${address} refers to itself: give it a title`);
      this.inProgress.add(address);
      const inline = this.rewrite(target, rel, true);
      this.inProgress.delete(address);
      return { inline };
    }
    const name = checkName(title, address);
    this.addressed.set(address, name);
    const order = this.order++;
    const body = { ...this.rewrite(target, rel, true), title: name };
    this.declare(name, body, rel, order, address);
    return { name };
  }

  private declare(name: string, schema: Schema, sourceRel: string, order: number, where: string): void {
    const text = canonical(schema);
    const existing = this.types.get(name);
    if (!existing) {
      this.types.set(name, { name, schema, file: '', order, sources: new Set([sourceRel]), canonical: text });
      return;
    }
    if (existing.canonical !== text) {
      throw new Error(
        `title '${name}' names two different schemas (${[...existing.sources].join(', ')} and ${where}): give them distinct titles`,
      );
    }
    existing.sources.add(sourceRel);
  }

  /** The schema with references resolved and titled inline schemas replaced by references to them. */
  private rewrite(node: Schema, rel: string, isRoot: boolean): Schema {
    const order = this.order++;
    const out: Schema = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === 'definitions' || k === '$schema' || k === '$id' || k === '$ref') continue;
      if (DATA_KEYWORDS.has(k)) out[k] = v;
      else if (Array.isArray(v)) out[k] = v.map((e) => (isObject(e) ? this.rewrite(e, rel, false) : e));
      else if (isObject(v)) out[k] = this.rewriteMap(k, v, rel);
      else out[k] = v;
    }
    dropPresenceOnlyUnions(out);
    let result = out;
    if (typeof node.$ref === 'string') {
      const target = this.reference(node.$ref, rel);
      // the reference's own keywords (a description) stay beside it
      result = 'name' in target ? { ...out, $ref: target.name } : { ...target.inline, ...out };
    }
    if (!isRoot && typeof node.title === 'string') {
      const name = checkName(node.title, `${rel} (inline)`);
      this.declare(name, result, rel, order, rel);
      return { $ref: name };
    }
    return result;
  }

  /** `properties` and `patternProperties` map names to schemas; any other object is one schema. */
  private rewriteMap(key: string, v: Schema, rel: string): Schema {
    if (key !== 'properties' && key !== 'patternProperties') return this.rewrite(v, rel, false);
    const out: Schema = {};
    for (const [p, s] of Object.entries(v)) out[p] = isObject(s) ? this.rewrite(s, rel, false) : s;
    return out;
  }

  /** Assigns every type its file: a shared definition's, the one kind's whose schema holds it, or
   * the common one when several kinds' schemas hold copies of it. */
  assignFiles(): void {
    for (const t of this.types.values()) t.file = this.fileFor(t.sources);
  }
}

/** A `then` applies only where its `if` holds: fields the `if` requires are present in it too (so
 * `{"if": {"required": ["some"]}, "then": {"properties": {"some": …}}}` types `some` as required). */
function withConditionalRequirements(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withConditionalRequirements);
  if (!isObject(node)) return node;
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) out[k] = DATA_KEYWORDS.has(k) ? v : withConditionalRequirements(v);
  const required = isObject(out.if) && Array.isArray(out.if.required) ? (out.if.required as string[]) : [];
  if (required.length && isObject(out.then) && !('$ref' in out.then) && isObject(out.then.properties)) {
    const then = out.then;
    const own = Array.isArray(then.required) ? (then.required as string[]) : [];
    const known = required.filter((r) => r in (then.properties as Schema));
    // eslint-disable-next-line unicorn/no-thenable -- JSON Schema's if/then, not a promise
    out.then = { ...then, required: [...own, ...known.filter((r) => !own.includes(r))] };
  }
  return out;
}

/** anyOf/oneOf branches that only say which fields must be present (e.g. "call or dialog") add
 * nothing a type can express; json-schema-to-typescript would turn them into an open object. */
function dropPresenceOnlyUnions(node: Schema): void {
  for (const k of ['anyOf', 'oneOf']) {
    const branches = node[k];
    if (Array.isArray(branches) && branches.every((b) => isObject(b) && Object.keys(b).every((key) => PRESENCE_KEYWORDS.has(key)))) {
      delete node[k];
    }
  }
}

/** The schema handed to json-schema-to-typescript: references become the referenced type's name. */
function forCompiler(node: Schema, refs: Set<string>): Schema {
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref') {
      refs.add(v as string);
      out.tsType = v;
    } else if (DATA_KEYWORDS.has(k)) out[k] = v;
    else if (Array.isArray(v)) out[k] = v.map((e) => (isObject(e) ? forCompiler(e, refs) : e));
    else if (isObject(v) && (k === 'properties' || k === 'patternProperties')) {
      out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, isObject(s) ? forCompiler(s, refs) : s]));
    } else out[k] = isObject(v) ? forCompiler(v, refs) : v;
  }
  // Without `additionalProperties` an object is open, as in JSON Schema (an action's `body`, a chart's
  // `spec`); the compiler's default is closed, right for objects whose shape `allOf` branches give.
  if ((out.type === 'object' || isObject(out.properties)) && !('additionalProperties' in out) && !('allOf' in out)) {
    out.additionalProperties = true;
  }
  return out;
}

function importPath(from: string, to: string): string {
  const rel = posix.relative(posix.dirname(from), to).replace(/\.ts$/, '');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

function banner(file: string, sources: string[]): string {
  const from =
    file === SHARED_DEFS_FILE
      ? 'the shared definitions in schemas/defs/'
      : file === SHARED_COMMON_FILE
        ? `the parts several kind schemas define alike (${sources.map((s) => posix.basename(s, '.schema.json')).join(', ')})`
        : sources.join(', ');
  return [
    `// Generated by \`npm run gen:types\` (engine/types/generate.ts) from ${from}.`,
    '// Do not edit: change the schemas and regenerate; engine/types/generated.test.ts fails while this file is stale.',
  ].join('\n');
}

/** Fails when the files' imports of each other form a cycle. */
function checkAcyclic(imports: Map<string, Set<string>>): void {
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') throw new Error(`generated files import each other: ${[...path, file].join(' → ')}`);
    state.set(file, 'open');
    for (const next of imports.get(file) ?? []) visit(next, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of imports.keys()) visit(file, []);
}

async function declaration(type: NamedType, refs: Set<string>): Promise<string> {
  const schema = forCompiler(type.schema, refs) as JSONSchema;
  const source = await compile(schema, type.name, {
    bannerComment: '',
    format: false,
    additionalProperties: false,
    declareExternallyReferenced: true,
    unreachableDefinitions: false,
    strictIndexSignatures: false,
  });
  const declared = declaredNames(source);
  if (declared.length !== 1 || declared[0] !== type.name) {
    throw new Error(`${type.name}: expected one declaration, json-schema-to-typescript wrote ${declared.join(', ')}`);
  }
  // an object type alias rather than an interface: see the header comment
  if (!/^export interface /m.test(source)) return source;
  return source.replace(/^export interface (\w+) \{/m, 'export type $1 = {').replace(/\}\s*$/, '};\n');
}

/** Every generated file with its content, in a stable order: the shared files, then one per kind. */
export async function generateConfigTypes(options: ComposeOptions = {}): Promise<GeneratedFile[]> {
  const composed = composePageSchema(options);
  if (composed.problems.length) throw new Error(composed.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  const collector = new TypeCollector(composed.files, composed.kinds);
  for (const k of composed.kinds) collector.addKind(k.rel);
  collector.assignFiles();

  const byFile = new Map<string, NamedType[]>();
  for (const t of [...collector.types.values()].sort((a, b) => a.order - b.order)) {
    byFile.set(t.file, [...(byFile.get(t.file) ?? []), t]);
  }
  const files = [SHARED_DEFS_FILE, SHARED_COMMON_FILE, ...composed.kinds.map((k) => configFileOf(k.kind))].filter((f) => byFile.has(f));
  const imports = new Map<string, Set<string>>();
  const prettierConfig = (await resolveConfig(join(REPO_ROOT, SHARED_DEFS_FILE))) ?? {};
  const out: GeneratedFile[] = [];
  for (const file of files) {
    const types = byFile.get(file)!;
    const refs = new Set<string>();
    const declarations: string[] = [];
    for (const t of types) declarations.push(await declaration(t, refs));
    const fromFiles = new Map<string, string[]>();
    for (const name of [...refs].sort()) {
      const home = collector.types.get(name)!.file;
      if (home !== file) fromFiles.set(home, [...(fromFiles.get(home) ?? []), name]);
    }
    imports.set(file, new Set(fromFiles.keys()));
    const importLines = [...fromFiles]
      .map(([home, names]) => `import type { ${names.join(', ')} } from '${importPath(file, home)}';`)
      .sort((a, b) => (a < b ? -1 : 1));
    const sources = [...new Set(types.flatMap((t) => [...t.sources]))].map((s) => `schemas/${s}`).sort();
    const text = [banner(file, sources), importLines.join('\n'), declarations.join('\n')].filter(Boolean).join('\n\n');
    out.push({ path: file, source: await format(text, { ...prettierConfig, parser: 'typescript' }) });
  }
  checkAcyclic(imports);
  return out;
}

/** The generated files on disk (relative paths): a kind's config.generated.ts, the shared *.generated.ts. */
export function generatedFilesOnDisk(root = REPO_ROOT): string[] {
  const widgets = join(root, 'widgets');
  if (!existsSync(widgets)) return [];
  const found: string[] = [];
  for (const dir of readdirSync(widgets, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const name of readdirSync(join(widgets, dir.name))) {
      if (dir.name === 'shared' ? name.endsWith('.generated.ts') : name === 'config.generated.ts')
        found.push(`widgets/${dir.name}/${name}`);
    }
  }
  return found.sort();
}

/** The names of the types a generated source declares. */
export function declaredNames(source: string): string[] {
  return [...source.matchAll(/^export (?:interface|type|enum|const enum) (\w+)/gm)].map((m) => m[1]);
}
