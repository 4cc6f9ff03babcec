import { describe, expect, it } from 'vitest';
import { initialValues } from './initialValues';
import { expandOptionLists } from './optionLists';
import { testHost } from '../../engine/testing';

const FREQ = { '0 0 * * *': 'daily', '0 0 * * 0': 'weekly', '0 0 1 * *': 'monthly', default: 'daily' };

describe('form starting values', () => {
  it('reads the frequency from the cron expression (default daily) and upper-cases codes', () => {
    const initial = { frequency: { $row: 'frequencyCron' }, countries: { $row: 'promptLocation' }, text: { $row: 'fullPrompt' } };
    const row = { frequencyCron: '0 0 1 * *', promptLocation: ['us', 'De'], fullPrompt: 'Best bank?' };
    expect(initialValues(initial, { frequency: FREQ }, {}, row, ['countries'])).toEqual({ frequency: 'monthly', countries: ['US', 'DE'], text: 'Best bank?' });
    expect(initialValues(initial, { frequency: FREQ }, {}, { ...row, frequencyCron: '0 */6 * * *' }).frequency).toBe('daily');
    expect(initialValues(initial, { frequency: FREQ }, {}, { ...row, frequencyCron: '0 0 * * 0' }).frequency).toBe('weekly');
  });

  it('leaves out values the row does not have so schema defaults apply', () => {
    expect(initialValues({ text: { $row: 'relatedQuestion' } }, undefined, {}, null)).toEqual({});
    expect(initialValues({ text: { $row: 'relatedQuestion' } }, undefined, {}, { relatedQuestion: 'Is Acme good?' })).toEqual({ text: 'Is Acme good?' });
  });

  it('expands named option lists into oneOf const/title', () => {
    const s = expandOptionLists({ type: 'array', items: { type: 'string', 'x-options': 'providers' } }, testHost().vocabularies) as { items: { oneOf: unknown[]; 'x-options'?: string } };
    expect(s.items.oneOf).toEqual([{ const: 'openai', title: 'Chat GPT' }, { const: 'perplexity', title: 'Perplexity' }]);
    expect(s.items['x-options']).toBeUndefined();
    const c = expandOptionLists({ type: 'string', 'x-options': 'countries' }, testHost().vocabularies) as { oneOf: Array<{ const: string; title: string }> };
    expect(c.oneOf.length).toBeGreaterThan(200);
    expect(c.oneOf.find((o) => o.const === 'US')?.title).toBe('United States');
  });
});
