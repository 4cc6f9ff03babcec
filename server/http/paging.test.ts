import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { type PagingSpec, pageInListOrder, pageOf, withoutPaging } from './paging';

type Row = { name: string; n: number | null };
const spec: PagingSpec<Row> = {
  sortKeys: { name: (r) => r.name, n: (r) => r.n },
  search: [(r) => r.name],
  tieBreak: (a, b) => a.name.localeCompare(b.name),
};
const rows: Row[] = [
  { name: 'Zoë', n: 2 },
  { name: 'alpha', n: null },
  { name: 'Beta', n: 2 },
  { name: 'gamma', n: 9 },
];

describe('pageOf', () => {
  it('cuts the page from the offset and counts every row the search keeps', () => {
    expect(pageOf(rows, { limit: 2, offset: 1 }, spec)).toEqual({ rows: rows.slice(1, 3), total: 4 });
    expect(pageOf(rows, { limit: 10, search: ' ZOE ' }, spec)).toEqual({ rows: [rows[0]], total: 1 });
    expect(pageOf(rows, { limit: 0, search: 'a' }, spec)).toEqual({ rows: [], total: 3 });
  });

  it('sorts in either order with missing values last and ties by the tie break', () => {
    expect(pageOf(rows, { limit: 10, sort: 'n', order: 'desc' }, spec).rows.map((r) => r.name)).toEqual(['gamma', 'Beta', 'Zoë', 'alpha']);
    expect(pageOf(rows, { limit: 10, sort: 'n', order: 'asc' }, spec).rows.map((r) => r.name)).toEqual(['Beta', 'Zoë', 'gamma', 'alpha']);
    expect(pageOf(rows, { limit: 10, sort: 'name' }, spec).rows.map((r) => r.name)).toEqual(['alpha', 'Beta', 'gamma', 'Zoë']);
  });

  it('rejects an unknown sort key, a bad limit or offset with 400 BAD_PAGE', () => {
    const fails = (page: object): unknown[] | null => {
      try {
        pageOf(rows, page as never, spec);
      } catch (e) {
        return e instanceof HttpError ? [e.statusCode, e.code, e.message] : [e];
      }
      return null;
    };
    expect(fails({ limit: 5, sort: '__proto__' })).toEqual([400, 'BAD_PAGE', "page: unknown sort key '__proto__'"]);
    expect(fails({ limit: 201 })?.[1]).toBe('BAD_PAGE');
    expect(fails({ limit: 1.5 })?.[1]).toBe('BAD_PAGE');
    expect(fails({ limit: 5, offset: -1 })?.[1]).toBe('BAD_PAGE');
  });
});

describe('pageInListOrder', () => {
  it("breaks ties by the rows' places in the list, in either order, and answers the list's own rows", () => {
    const { tieBreak: _byName, ...ordered } = spec;
    const desc = pageInListOrder(rows, { limit: 10, sort: 'n', order: 'desc' }, ordered).rows;
    expect(desc.map((r) => r.name)).toEqual(['gamma', 'Zoë', 'Beta', 'alpha']);
    expect(desc[1]).toBe(rows[0]);
    expect(pageInListOrder(rows, { limit: 10, sort: 'n' }, ordered).rows.map((r) => r.name)).toEqual(['Zoë', 'Beta', 'gamma', 'alpha']);
    expect(pageInListOrder(rows, { limit: 2, offset: 1, search: 'a' }, ordered)).toEqual({ rows: [rows[2], rows[3]], total: 3 });
  });
});

describe('withoutPaging', () => {
  it('leaves the fields of the computed answer', () => {
    expect(withoutPaging({ brandId: 'b', page: { limit: 1 }, urlPage: { limit: 2 } })).toEqual({ brandId: 'b' });
  });
});
