import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { WidgetConfig } from '../../engine';
import { fakeFetcher, renderWidget } from '../../engine/testing';

// Rates resting on too few answers: the sample under the rate, greyed-out rows (mutedWhen) and
// neutral changes that are not significant (a column's significance binding).
afterEach(cleanup);

const change = (significant: boolean, enoughData: boolean, n: number) => ({
  n,
  previousN: 50,
  diff: 3,
  low: -1,
  high: 7,
  significant,
  enoughData,
});
const rows = [
  {
    prompt: 'Best CRM',
    mentionRate: 62.5,
    mentionRateStats: { n: 120, low: 53.6, high: 70.6, enoughData: true },
    delta: 8.1,
    deltaStats: change(true, true, 120),
  },
  {
    prompt: 'Cheap CRM',
    mentionRate: 40,
    mentionRateStats: { n: 90, low: 30.5, high: 50.3, enoughData: true },
    delta: 2,
    deltaStats: change(false, true, 90),
  },
  {
    prompt: 'New CRM',
    mentionRate: 100,
    mentionRateStats: { n: 4, low: 51, high: 100, enoughData: false },
    delta: null,
    deltaStats: change(false, false, 4),
  },
];

const config: WidgetConfig = {
  type: 'table',
  title: 'Prompts',
  data: { call: 'prompts.table', body: { brandId: { $brand: 'id' } }, transform: [{ type: 'get', path: 'prompts' }] },
  states: { empty: { title: 'No Data' }, error: { title: 'Failed' } },
  mutedWhen: [{ field: 'mentionRateStats.enoughData', op: 'eq', value: false }],
  mutedTitle: 'Too few answers to judge: {mentionRateStats.n}',
  columns: [
    { field: 'prompt', header: 'Prompt' },
    { field: 'mentionRate', header: 'Mention Rate', format: 'mentionRate', align: 'end', secondary: '{mentionRateStats.n} answers' },
    { field: 'delta', header: 'Change', format: 'growth', align: 'end', significance: { field: 'deltaStats' } },
  ],
};

describe('table sample sizes and significance', () => {
  it("shows each rate's answers, greys out rows under the minimum sample and draws changes that are not significant neutral", async () => {
    renderWidget(config, { fetcher: fakeFetcher({ 'prompts.table': { prompts: rows } }).fetcher });
    const table = await screen.findByRole('table', { name: 'Prompts' });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(screen.getAllByTestId('cell-secondary').map((s) => s.textContent)).toEqual(['120 answers', '90 answers', '4 answers']);
    expect(bodyRows.map((r) => r.getAttribute('data-muted'))).toEqual([null, null, 'true']);
    expect(bodyRows[2].getAttribute('title')).toBe('Too few answers to judge: 4');
    const changes = bodyRows.map((r) => within(r).getAllByRole('cell')[2]);
    expect(changes.map((c) => c.getAttribute('data-significance'))).toEqual(['significant', 'not-significant', 'not-enough-data']);
    expect(changes.map((c) => c.getAttribute('title'))).toEqual([null, 'Not significant: 90 answers', 'Not enough data: 4 answers']);
  });
});
