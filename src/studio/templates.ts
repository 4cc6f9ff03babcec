import { applyEdits, modify, parse, type EditResult } from 'jsonc-parser';

// "Add widget": a kind's template goes into the page's `widgets` under a fresh id and gets a row of
// its own at the end of the layout, as text edits (so the editor's undo takes it back in one step
// and the rest of the file keeps its formatting).

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/** `kind`, or `kind2`, `kind3`… whichever the page does not use yet. */
export function freshId(kind: string, used: Iterable<string>): string {
  const taken = new Set(used);
  if (!taken.has(kind)) return kind;
  let n = 2;
  while (taken.has(`${kind}${n}`)) n++;
  return `${kind}${n}`;
}

export interface AddedWidget {
  id: string;
  edits: EditResult;
}

/** The edits that add `template` to the page text; null when the text is not a page object. */
export function addWidgetEdits(text: string, template: Record<string, unknown>): AddedWidget | null {
  const page = parse(text) as unknown;
  if (!page || typeof page !== 'object' || Array.isArray(page)) return null;
  const p = page as { widgets?: Record<string, unknown>; layout?: unknown };
  const id = freshId(String(template.type), Object.keys(p.widgets ?? {}));
  const widgets = modify(text, ['widgets', id], template, FORMAT);
  const afterWidgets = applyEdits(text, widgets);
  const row = { items: [{ widget: id, span: 12 }] };
  const layout = Array.isArray(p.layout) ? modify(afterWidgets, ['layout', -1], row, { ...FORMAT, isArrayInsertion: true }) : modify(afterWidgets, ['layout'], [row], FORMAT);
  // layout edits are offsets into the text after the widget edits: express both against the original
  return { id, edits: composeEdits(text, widgets, layout) };
}

/** One replacement covering both edit sets (the span from the first to the last changed offset). */
function composeEdits(text: string, first: EditResult, second: EditResult): EditResult {
  const middle = applyEdits(text, first);
  const result = applyEdits(middle, second);
  let start = 0;
  while (start < text.length && start < result.length && text[start] === result[start]) start++;
  let endA = text.length;
  let endB = result.length;
  while (endA > start && endB > start && text[endA - 1] === result[endB - 1]) {
    endA--;
    endB--;
  }
  return [{ offset: start, length: endA - start, content: result.slice(start, endB) }];
}
