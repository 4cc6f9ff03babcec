import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTransforms } from '../engine/transforms/run';
import type { Step } from '../engine/transforms/steps';

// The leading and trailing prompt lists are chosen on the server (each widget asks for its side;
// the rules are checked in server/routes/insights/comparison/labels.test.ts); the provider cards'
// pipeline is the page's own.
const page = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'comparison.json'), 'utf8'));

describe('comparison page prompt lists', () => {
  it.each([
    ['leadingPrompts', 'leading'],
    ['trailingPrompts', 'trailing'],
  ])('%s asks the server for the %s list and filters nothing itself', (widget, side) => {
    const data = page.widgets[widget].data;
    expect(data.call).toBe('competitors.comparison-prompts');
    expect(data.body.side).toBe(side);
    expect((data.transform as Step[]).filter((s) => s.type === 'filter')).toEqual([]);
  });
});

describe('comparison page provider cards', () => {
  it('hide providers where both rates are 0 and sort by name', () => {
    const out = runTransforms(
      [
        { provider: 'perplexity', brandMentionRate: 1, competitorMentionRate: 0 },
        { provider: 'google', brandMentionRate: 0, competitorMentionRate: 0 },
        { provider: 'openai', brandMentionRate: 0, competitorMentionRate: 3 },
      ],
      page.widgets.providers.data.transform as Step[],
    ) as Array<{ providerName: string }>;
    expect(out.map((r) => r.providerName)).toEqual(['Chat GPT', 'Perplexity']);
  });
});
