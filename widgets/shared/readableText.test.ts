import { describe, expect, it } from 'vitest';
import { CHART_PALETTE } from '../chart/palette';
import { contrastRatio, readableText } from './readableText';

describe('readableText', () => {
  it('gives every palette colour a label colour of at least 4.5:1', () => {
    for (const fill of CHART_PALETTE) expect(contrastRatio(fill, readableText(fill)), fill).toBeGreaterThanOrEqual(4.5);
  });
  it('picks dark text on amber and white on navy', () => {
    expect(readableText('#ca8a04')).toBe('#1b1b1b');
    expect(readableText('#1e3a8a')).toBe('#ffffff');
  });
});
