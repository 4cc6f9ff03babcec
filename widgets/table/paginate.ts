// Table pagination: fixed page size; the page list shows every page when
// there are 7 or fewer, otherwise the first and last page, the current one with its neighbours, and
// an ellipsis for each gap — always 7 slots, so the control keeps its width as the user pages.
export interface PaginationSpec {
  pageSize: number;
}

export type PageSlot = number | 'ellipsis-start' | 'ellipsis-end';

/** Most page slots shown; with this many pages or fewer every page number is listed. */
export const MAX_PAGE_SLOTS = 7;

export function pageCount(rowCount: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(rowCount / pageSize));
}

/** Keeps a page number inside 1..pages (the row count can shrink under the user, e.g. by search). */
export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, pages));
}

export function pageSlots(current: number, pages: number): PageSlot[] {
  const page = clampPage(current, pages);
  if (pages <= MAX_PAGE_SLOTS) return Array.from({ length: pages }, (_, i) => i + 1);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  // Near either end, five numbers on that side and one ellipsis; in the middle, neighbours and two.
  if (page <= 4) return [...range(1, 5), 'ellipsis-end', pages];
  if (page >= pages - 3) return [1, 'ellipsis-start', ...range(pages - 4, pages)];
  return [1, 'ellipsis-start', page - 1, page, page + 1, 'ellipsis-end', pages];
}

export function pageRows<T>(rows: T[], page: number, pageSize: number): T[] {
  const p = clampPage(page, pageCount(rows.length, pageSize));
  return rows.slice((p - 1) * pageSize, p * pageSize);
}

/** "11–20 of 57": the 1-based range of rows on a page. */
export function rangeOf(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const p = clampPage(page, pageCount(total, pageSize));
  return { from: (p - 1) * pageSize + 1, to: Math.min(total, p * pageSize) };
}
