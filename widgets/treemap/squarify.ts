import { getPath } from '../../engine';

// Treemap layout (squarified, Bruls et al.): rectangles with areas proportional to the values,
// kept as close to square as the order allows. Pure, so it is tested without a browser.
export interface Tile<T> {
  item: T;
  value: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

function worst(row: number[], side: number): number {
  const sum = row.reduce((a, b) => a + b, 0);
  const max = Math.max(...row);
  const min = Math.min(...row);
  return Math.max((side * side * max) / (sum * sum), (sum * sum) / (side * side * min));
}

/** Lays out items (values > 0, any order: largest first is best) in a w×h box. */
export function squarify<T>(items: Array<{ item: T; value: number }>, width: number, height: number): Tile<T>[] {
  const input = items.filter((i) => i.value > 0);
  const total = input.reduce((a, b) => a + b.value, 0);
  if (!total || width <= 0 || height <= 0) return [];
  const scale = (width * height) / total;
  const areas = input.map((i) => ({ ...i, area: i.value * scale }));
  const out: Tile<T>[] = [];
  let x = 0;
  let y = 0;
  let w = width;
  let h = height;
  let row: typeof areas = [];
  const place = () => {
    const sum = row.reduce((a, b) => a + b.area, 0);
    if (w >= h) {
      // a column on the left
      const cw = sum / h;
      let cy = y;
      for (const r of row) {
        const rh = r.area / cw;
        out.push({ item: r.item, value: r.value, x, y: cy, w: cw, h: rh });
        cy += rh;
      }
      x += cw;
      w -= cw;
    } else {
      // a row on top
      const rh = sum / w;
      let cx = x;
      for (const r of row) {
        const rw = r.area / rh;
        out.push({ item: r.item, value: r.value, x: cx, y, w: rw, h: rh });
        cx += rw;
      }
      y += rh;
      h -= rh;
    }
    row = [];
  };
  for (const next of areas) {
    const side = Math.min(w, h);
    if (row.length === 0 || worst([...row.map((r) => r.area), next.area], side) <= worst(row.map((r) => r.area), side)) row.push(next);
    else {
      place();
      row.push(next);
    }
  }
  if (row.length) place();
  return out;
}

export interface Group<R> {
  name: string;
  count: number;
  rows: R[];
}

/** Rows counted per value of `field` (empty values under `emptyLabel`), largest first, then by name. */
export function countBy<R extends Record<string, unknown>>(rows: R[], field: string, emptyLabel: string): Group<R>[] {
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const v = getPath(row, field);
    const name = v === null || v === undefined || String(v).trim() === '' ? emptyLabel : String(v);
    const list = groups.get(name) ?? [];
    list.push(row);
    groups.set(name, list);
  }
  return [...groups.entries()]
    .map(([name, list]) => ({ name, count: list.length, rows: list }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}
