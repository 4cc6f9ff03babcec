import { describe, expect, it } from 'vitest';
import { runTransforms } from '../../engine';
import { deriveOps } from './deriveOps';

describe('derive countryName', () => {
  it('names country codes in any case, says Global for global and keeps unknown codes', () => {
    const out = runTransforms([{ loc: 'de' }, { loc: 'US' }, { loc: 'global' }, { loc: 'zz' }, { loc: null }], [
      { type: 'derive', field: 'name', op: 'countryName', args: [{ field: 'loc' }] },
    ], deriveOps) as Array<{ name: unknown }>;
    expect(out.map((r) => r.name)).toEqual(['Germany', 'United States', 'Global', 'ZZ', null]);
  });
});
