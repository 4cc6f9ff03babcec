// The wizard's state as the row its calls bind to: field values by name, earlier calls' responses
// by their saveAs name, and (in a forEach call) the current item. `$row` bindings read one key,
// so nested response fields are also listed under their dotted path ('created.brand.id').
export type Row = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function addPaths(out: Row, prefix: string, value: unknown, depth: number): void {
  if (!isPlainObject(value) || depth > 6) return;
  for (const [k, v] of Object.entries(value)) {
    const path = `${prefix}.${k}`;
    out[path] = v;
    addPaths(out, path, v, depth + 1);
  }
}

/** The row for binding: values and responses side by side, every nested response field also under its dotted path. */
export function wizardRow(values: Row, responses: Row, item?: unknown): Row {
  const row: Row = { ...responses, ...values };
  for (const [name, response] of Object.entries(responses)) addPaths(row, name, response, 0);
  if (item !== undefined) row.item = item;
  return row;
}
