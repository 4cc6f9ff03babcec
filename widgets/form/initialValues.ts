import { resolveBindings, type BindingContext } from '../../engine';

export type ValueMap = Record<string, string> & { default?: string };

/** A form's starting values: its `initial` map resolved against the page and the row the dialog
 * was opened with, then passed through `valueMaps` (e.g. a cron expression → daily/weekly/monthly)
 * and `transforms` (upper-case codes). Empty results are left out so schema defaults apply. */
export function initialValues(
  initial: Record<string, unknown> | undefined,
  valueMaps: Record<string, ValueMap> | undefined,
  ctx: BindingContext,
  row: Record<string, unknown> | null | undefined,
  upperCase: string[] = [],
): Record<string, unknown> {
  const { value } = resolveBindings<Record<string, unknown>>(initial ?? {}, { ...ctx, row: row ?? null });
  const out: Record<string, unknown> = {};
  for (const [k, raw] of Object.entries(value ?? {})) {
    let v = raw;
    const map = valueMaps?.[k];
    if (map && v !== null && v !== undefined) {
      const key = String(v);
      v = Object.prototype.hasOwnProperty.call(map, key) ? map[key] : map.default ?? v;
    }
    if (upperCase.includes(k)) v = Array.isArray(v) ? v.map((x) => String(x).toUpperCase()) : typeof v === 'string' ? v.toUpperCase() : v;
    if (v === null || v === undefined) continue;
    out[k] = v;
  }
  return out;
}
