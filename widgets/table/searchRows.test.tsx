import { describe, expect, it } from 'vitest';
import { searchRows } from './searchRows';

const rows = [
  { tld: 'wikipedia.org', total_count: 120, matched: ['Acme'], meta: { kind: 'encyclopedia' } },
  { tld: 'reddit.com', total_count: 45, matched: [], meta: { kind: 'forum' } },
  { tld: 'café.fr', total_count: 3, matched: ['Rival'], meta: null },
];

describe('table search', () => {
  it('keeps rows where any search field contains the text, ignoring case and accents', () => {
    expect(searchRows(rows, ['tld'], 'WIKI').map((r) => r.tld)).toEqual(['wikipedia.org']);
    expect(searchRows(rows, ['tld'], 'cafe').map((r) => r.tld)).toEqual(['café.fr']);
    expect(searchRows(rows, ['tld'], '.com').map((r) => r.tld)).toEqual(['reddit.com']);
  });

  it('searches numbers, list items and dotted paths', () => {
    expect(searchRows(rows, ['tld', 'total_count'], '45').map((r) => r.tld)).toEqual(['reddit.com']);
    expect(searchRows(rows, ['matched'], 'rival').map((r) => r.tld)).toEqual(['café.fr']);
    expect(searchRows(rows, ['meta.kind'], 'forum').map((r) => r.tld)).toEqual(['reddit.com']);
  });

  it('returns every row for blank text and none when nothing matches', () => {
    expect(searchRows(rows, ['tld'], '   ')).toBe(rows);
    expect(searchRows(rows, ['tld'], 'nothing-here')).toEqual([]);
    expect(searchRows(rows, ['meta'], 'forum')).toEqual([]); // objects are not searched as text
  });
});
