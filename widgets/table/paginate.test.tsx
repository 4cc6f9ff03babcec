import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageRows, pageSlots, rangeOf, MAX_PAGE_SLOTS } from './paginate';

describe('table pagination', () => {
  it('lists every page when there are 7 or fewer', () => {
    expect(pageSlots(1, 1)).toEqual([1]);
    expect(pageSlots(2, 3)).toEqual([1, 2, 3]);
    expect(pageSlots(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('puts ellipses around the current page beyond 7 pages', () => {
    expect(pageSlots(1, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 8]);
    expect(pageSlots(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(pageSlots(5, 20)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 20]);
    expect(pageSlots(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
    expect(pageSlots(16, 20)).toEqual([1, 'ellipsis-start', 15, 16, 17, 'ellipsis-end', 20]);
    expect(pageSlots(17, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    expect(pageSlots(20, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
  });

  it('always shows the current, first and last page in at most 7 slots', () => {
    for (let pages = 1; pages <= 30; pages++) {
      for (let current = 1; current <= pages; current++) {
        const slots = pageSlots(current, pages);
        expect(slots.length).toBeLessThanOrEqual(MAX_PAGE_SLOTS);
        expect(slots).toContain(current);
        expect(slots[0]).toBe(1);
        expect(slots[slots.length - 1]).toBe(pages);
        const numbers = slots.filter((s): s is number => typeof s === 'number');
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers); // ascending, no repeats
        expect(new Set(numbers).size).toBe(numbers.length);
      }
    }
  });

  it('counts pages, clamps the page and slices rows 11-20 for page 2', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(23, 10)).toBe(3);
    expect(pageRows(rows, 2, 10)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageRows(rows, 3, 10)).toEqual([21, 22, 23]);
    expect(pageRows(rows, 9, 10)).toEqual([21, 22, 23]);
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(5, 3)).toBe(3);
    expect(rangeOf(2, 10, 23)).toEqual({ from: 11, to: 20 });
    expect(rangeOf(3, 10, 23)).toEqual({ from: 21, to: 23 });
    expect(rangeOf(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});
