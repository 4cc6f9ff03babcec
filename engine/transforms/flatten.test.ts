import { describe, expect, it } from 'vitest';
import { flatten } from './flatten';
import { runTransforms, TRANSFORM_TYPES } from './run';

const classifications = [
  {
    tld: 'example.com',
    total_count: 3,
    classification_details: [
      { citation_url: 'https://example.com/a', classification: 'brand' },
      { citation_url: 'https://example.com/b', classification: 'other' },
    ],
  },
  { tld: 'empty.org', total_count: 0, classification_details: [] },
  { tld: 'news.net', total_count: 1, classification_details: [{ citation_url: 'https://news.net/x', classification: 'mixed' }] },
];

describe('flatten step', () => {
  it('turns each nested item into a row, in order, with renamed parent fields', () => {
    expect(flatten(classifications, { path: 'classification_details', parentFields: { tld: 'domain' } })).toEqual([
      { domain: 'example.com', citation_url: 'https://example.com/a', classification: 'brand' },
      { domain: 'example.com', citation_url: 'https://example.com/b', classification: 'other' },
      { domain: 'news.net', citation_url: 'https://news.net/x', classification: 'mixed' },
    ]);
  });

  it('without parentFields keeps only the items', () => {
    expect(flatten(classifications, { path: 'classification_details' })).toHaveLength(3);
    expect(flatten(classifications, { path: 'classification_details' })[0]).toEqual({ citation_url: 'https://example.com/a', classification: 'brand' });
  });

  it('wraps scalar items, follows dotted paths, skips rows without a list and lets item fields win', () => {
    const rows = [{ name: 'a', inner: { tags: ['x', 'y'] } }, { name: 'b', inner: null }, { name: 'c' }, null];
    expect(flatten(rows, { path: 'inner.tags', parentFields: { name: 'name' } })).toEqual([
      { name: 'a', value: 'x' },
      { name: 'a', value: 'y' },
    ]);
    expect(flatten([{ id: 1, items: [{ id: 2 }] }], { path: 'items', parentFields: { id: 'id' } })).toEqual([{ id: 2 }]);
  });

  it('reads a keyed object as its values and anything else as no rows', () => {
    expect(flatten({ k1: { l: [1] }, k2: { l: [2] } }, { path: 'l' })).toEqual([{ value: 1 }, { value: 2 }]);
    expect(flatten(null, { path: 'l' })).toEqual([]);
    expect(flatten('text', { path: 'l' })).toEqual([]);
  });

  it('is registered as a pipeline step', () => {
    expect(TRANSFORM_TYPES).toContain('flatten');
    const pipeline = [
      { type: 'get', path: 'classifications' },
      { type: 'flatten', path: 'classification_details', parentFields: { tld: 'domain' } },
    ];
    expect(runTransforms({ classifications }, pipeline)).toHaveLength(3);
  });
});
