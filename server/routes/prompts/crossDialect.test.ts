import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPromptsTestApp, type PromptsTestApp } from './testing';

// The same demo data on DuckDB and PostgreSQL must give the same answers from every prompts read
// call (numbers within the last rounded decimal).

const BRAND = 'brd_finlo';
const w = { startTime: '2026-11-07T00:00:00.000Z', deltaStartTime: '2026-10-24T00:00:00.000Z', deltaEndTime: '2026-11-07T00:00:00.000Z' };

function difference(a: unknown, b: unknown, path: string): string | null {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 0.011 ? null : `${path}: ${a} vs ${b}`;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path}: length ${a.length} vs ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = difference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.join() !== kb.join()) return `${path}: keys ${ka.join()} vs ${kb.join()}`;
    for (const k of ka) {
      const d = difference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return a === b ? null : `${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
}

describe('prompts calls agree on DuckDB and PostgreSQL', () => {
  let duck: PromptsTestApp;
  let pg: PromptsTestApp;
  beforeAll(async () => {
    duck = await startPromptsTestApp('duckdb', { days: 30 });
    pg = await startPromptsTestApp('postgres', { days: 30 });
  });
  afterAll(async () => {
    await duck?.close();
    await pg?.close();
  });

  it('every read call answers the same', async () => {
    const post = (t: PromptsTestApp, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: t.as('usr_demo'), payload }).then((r) => ({ status: r.statusCode, body: r.json() }));
    const table = await post(duck, '/api/prompts/table', { brandId: BRAND, ...w });
    const promptIds = (table.body.prompts as Array<{ promptId: string; currentPeriodRuns: number }>)
      .filter((p) => p.currentPeriodRuns > 0)
      .slice(0, 3)
      .map((p) => p.promptId);
    expect(promptIds.length).toBeGreaterThan(0);
    const calls: Array<[string, object]> = [
      ['/api/prompts/table', { brandId: BRAND, ...w, providers: ['openai', 'perplexity'], location: null }],
      ['/api/prompts/insights/facts', { brandId: BRAND, ...w }],
      ['/api/prompts/suggestions', { brandId: BRAND, startTime: '2026-10-22T00:00:00.000Z', limit: 10 }],
    ];
    for (const promptId of promptIds) {
      calls.push(
        ['/api/prompts/metrics/aggregate', { promptId, startDate: w.startTime, location: null }],
        ['/api/prompts/latest-run', { promptId }],
        ['/api/prompts/recent-runs', { promptId, startTime: w.startTime, location: null }],
        ['/api/prompts/runs-by-date', { promptId, startDate: w.startTime }],
        ['/api/prompts/metrics/mention-rate-series', { promptId, brandId: BRAND, startTime: w.startTime, timeInterval: 'day', location: null, aggregationType: 'location' }],
        ['/api/prompts/metrics/share-of-voice', { promptId, brandId: BRAND, ...w, location: null, provider: null }],
        ['/api/prompts/citations', { promptId, startTime: w.startTime }],
        ['/api/prompts/metrics/ranking-list', { promptId, brandId: BRAND, ...w, location: null }],
      );
    }
    const differences: string[] = [];
    for (const [url, payload] of calls) {
      const [a, b] = [await post(duck, url, payload), await post(pg, url, payload)];
      expect(a.status, url).toBe(200);
      const d = difference(a.body, b.body, url);
      if (d) differences.push(d);
    }
    expect(differences).toEqual([]);
  });
});
