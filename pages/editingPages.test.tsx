import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lintPages } from '../engine/lint/lint';
import metadata from '../widgets/metricCard/fixtures/response.json';
import ranking from '../widgets/table/fixtures/response.json';
import timeseries from '../widgets/chart/fixtures/response.json';
import { fakeFetcher, renderPage } from '../engine/testing';
import type { PageDefinition } from '../engine';

// What product staff do: move a card to another row or delete one by editing JSON only. Lint
// accepts the edited page and the engine renders it; a broken reference fails lint with its place.

// Vega does not run in happy-dom: the chart's view is a stand-in that marks where it drew.
vi.mock('../widgets/chart/vegaView', () => import('../widgets/chart/fakeVegaView'));

const FILE = join(process.cwd(), 'pages/overview.json');
const original = () => JSON.parse(readFileSync(FILE, 'utf8')) as PageDefinition & { layout: { items: { widget?: string; span?: number }[] }[] };
const responses = {
  'brands.performance.metadata': metadata,
  'brands.performance.share-of-voice': [{ provider: 'openai', shareOfVoice: 35.25, deltaShareOfVoice: 2.5, totalMentionCount: 40 }],
  'brands.performance.ranking-list': ranking,
  'brands.performance.sources-sov': [{ topUrlAuthor: null, normalizedDomain: 'example.com', uniqueUrlsCount: 5, citationSov: 50 }],
  'brands.performance.prompts-ranking': [],
  'brands.performance.mention-rate-timeseries': timeseries,
};

const lint = (page: unknown) => lintPages([{ file: 'pages/overview.json', text: JSON.stringify(page, null, 2) }]);
const rowOf = (id: string) => document.querySelector(`[data-widget-id="${id}"]`)!.closest('[data-span]')!.parentElement;

describe('editing a page as JSON', () => {
  it('moving a card to another row passes lint and renders it in that row', async () => {
    const page = original();
    const from = page.layout.findIndex((r) => r.items.some((i) => i.widget === 'sources'));
    const to = page.layout.findIndex((r) => r.items.some((i) => i.widget === 'ranking'));
    expect(from).not.toBe(to);
    page.layout[from].items = page.layout[from].items.filter((i) => i.widget !== 'sources');
    page.layout[to].items.push({ widget: 'sources', span: 4 });
    expect(await lint(page)).toEqual([]);

    renderPage(page, { fetcher: fakeFetcher(responses).fetcher });
    await screen.findAllByText('example.com');
    expect(rowOf('sources')).toBe(rowOf('ranking'));
  });

  it('deleting a card passes lint and the page renders without it', async () => {
    const page = original();
    delete (page.widgets as Record<string, unknown>).ranking;
    page.layout = page.layout.map((r) => ({ ...r, items: r.items.filter((i) => i.widget !== 'ranking') }));
    expect(await lint(page)).toEqual([]);

    renderPage(page, { fetcher: fakeFetcher(responses).fetcher });
    await screen.findAllByText('example.com');
    expect(document.querySelector('[data-widget-id="ranking"]')).toBeNull();
    expect(document.querySelector('[data-widget-id="sources"]')).not.toBeNull();
  });

  it('a layout reference to a missing card fails lint with its line, column and a suggestion', async () => {
    const page = original();
    page.layout[page.layout.length - 1].items[0].widget = 'visibilty';
    const text = JSON.stringify(page, null, 2);
    const found = await lintPages([{ file: 'pages/overview.json', text }]);
    const missing = found.find((d) => d.rule === 'missing-widget');
    expect(missing).toBeDefined();
    const line = text.split('\n').findIndex((l) => l.includes('"visibilty"')) + 1;
    expect(missing!.line).toBe(line);
    expect(missing!.column).toBeGreaterThan(1);
    expect(missing!.message).toContain("did you mean 'visibility'");
  });
});
