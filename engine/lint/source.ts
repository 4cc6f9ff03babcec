import { parseTree, printParseErrorCode, getNodeValue, type Node, type ParseError, type Segment } from 'jsonc-parser';

// A page file parsed with jsonc-parser so every value keeps its offset: diagnostics are located by
// JSON pointer (path segments) and mapped back to line:column. Pages are strict JSON (the runtime
// loads them with JSON.parse), so comments and trailing commas are reported as syntax errors.

export type Path = Segment[];

export interface Location {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface SourceFile {
  file: string;
  text: string;
  root: Node | undefined;
  /** the parsed value (for duplicate keys the last one wins, as in JSON.parse) */
  value: unknown;
  syntaxErrors: { message: string; offset: number; length: number }[];
  lineStarts: number[];
}

export function parseSource(file: string, text: string): SourceFile {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) lineStarts.push(i + 1);
  }
  return {
    file,
    text,
    root,
    value: root ? toPlain(getNodeValue(root)) : undefined,
    syntaxErrors: errors.map((e) => ({ message: syntaxMessage(e.error), offset: e.offset, length: e.length })),
    lineStarts,
  };
}

/**
 * jsonc-parser builds objects without a prototype; Ajv's equality helpers (uniqueItems, const,
 * enum on objects) call valueOf on them and crash. Rebuild ordinary objects as JSON.parse would,
 * defining every key as an own property (so a "__proto__" key stays data, never a prototype).
 */
function toPlain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toPlain);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(out, key, { value: toPlain((value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function syntaxMessage(code: number): string {
  const name = printParseErrorCode(code as Parameters<typeof printParseErrorCode>[0]);
  const words: Record<string, string> = {
    InvalidSymbol: 'invalid symbol',
    InvalidNumberFormat: 'invalid number',
    PropertyNameExpected: 'property name expected',
    ValueExpected: 'value expected',
    ColonExpected: "':' expected",
    CommaExpected: "',' expected",
    CloseBraceExpected: "'}' expected",
    CloseBracketExpected: "']' expected",
    EndOfFileExpected: 'end of file expected',
    InvalidCommentToken: 'comments are not allowed in page JSON',
    UnexpectedEndOfComment: 'unexpected end of comment',
    UnexpectedEndOfString: 'unterminated string',
    UnexpectedEndOfNumber: 'unexpected end of number',
    InvalidUnicode: 'invalid unicode escape',
    InvalidEscapeCharacter: 'invalid escape character',
    InvalidCharacter: 'invalid character in string',
  };
  return words[name] ?? name;
}

export function positionAt(src: SourceFile, offset: number): { line: number; column: number } {
  const o = Math.max(0, Math.min(offset, src.text.length));
  let lo = 0;
  let hi = src.lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (src.lineStarts[mid] <= o) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: o - src.lineStarts[lo] + 1 };
}

export function rangeLocation(src: SourceFile, offset: number, length: number): Location {
  const start = positionAt(src, offset);
  const end = positionAt(src, offset + Math.max(0, length));
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}

/** The node at path, or the closest existing ancestor (so a missing property points at its object). */
export function nodeAt(src: SourceFile, path: Path): Node | undefined {
  return resolveNode(src, path).node;
}

function resolveNode(src: SourceFile, path: Path): { node: Node | undefined; complete: boolean } {
  let node = src.root;
  if (!node) return { node: undefined, complete: false };
  for (const segment of path) {
    let next: Node | undefined;
    if (node.type === 'array' && node.children) {
      const i = typeof segment === 'number' ? segment : /^\d+$/.test(segment) ? Number(segment) : -1;
      next = i >= 0 ? node.children[i] : undefined;
    } else if (node.type === 'object') {
      // the last property of a name wins, as in JSON.parse
      const props = propertyNodes(node).filter((p) => p.key === String(segment));
      next = props.length ? props[props.length - 1].valueNode : undefined;
    }
    if (!next) return { node, complete: false };
    node = next;
  }
  return { node, complete: true };
}

/**
 * Location of the value at path; with `key`, of the property name instead (for unknown or
 * duplicate properties, the name is what is wrong).
 */
export function locate(src: SourceFile, path: Path, key = false): Location {
  const { node, complete } = resolveNode(src, path);
  if (!node) return { line: 1, column: 1, endLine: 1, endColumn: 1 };
  if (key && complete && node.parent?.type === 'property' && node.parent.children?.[0]) {
    const k = node.parent.children[0];
    return rangeLocation(src, k.offset, k.length);
  }
  // objects and arrays: point at the opening brace only, not the whole block
  const length = node.type === 'object' || node.type === 'array' ? 1 : node.length;
  return rangeLocation(src, node.offset, length);
}

export function pointerOf(path: Path): string {
  return path.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

export function pathOfPointer(pointer: string): Path {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Every property node of an object node, in document order (duplicates included). */
export function propertyNodes(node: Node | undefined): { key: string; keyNode: Node; valueNode: Node | undefined }[] {
  if (!node || node.type !== 'object' || !node.children) return [];
  const out: { key: string; keyNode: Node; valueNode: Node | undefined }[] = [];
  for (const prop of node.children) {
    const keyNode = prop.children?.[0];
    if (!keyNode || typeof keyNode.value !== 'string') continue;
    out.push({ key: keyNode.value, keyNode, valueNode: prop.children?.[1] });
  }
  return out;
}
