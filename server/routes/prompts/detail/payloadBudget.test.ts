import { describe, expect, it } from 'vitest';
import { groupsWithinBytes, keepWithinBytes } from './payloadBudget';

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('keeping lists within a byte budget', () => {
  it('keeps the longest prefix whose JSON fits, in order', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ i, text: 'é'.repeat(40) }));
    const kept = keepWithinBytes(items, 300);
    expect(kept).toEqual(items.slice(0, kept.length));
    expect(bytes(kept)).toBeLessThanOrEqual(300);
    expect(bytes(items.slice(0, kept.length + 1))).toBeGreaterThan(300);
  });

  it('keeps everything that fits and nothing when the first item alone is too big', () => {
    expect(keepWithinBytes([1, 2, 3], 100)).toEqual([1, 2, 3]);
    expect(keepWithinBytes(['x'.repeat(200)], 100)).toEqual([]);
  });

  it('gives each group an equal share', () => {
    const groups = { openai: Array.from({ length: 50 }, () => 'x'.repeat(50)), perplexity: ['short'] };
    const kept = groupsWithinBytes(groups, 1000);
    expect(bytes(kept.openai)).toBeLessThanOrEqual(500);
    expect(kept.openai.length).toBeGreaterThan(0);
    expect(kept.perplexity).toEqual(['short']);
  });
});
