import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../db/testing';
import type { Dialect } from '../db/types';
import { brandSpendToday } from '../jobs/costCap';
import { simulatedProvenance } from '../providers/provider';
import { ingestRun } from '../runs/ingestRun';
import { insertRows } from '../runs/rows';
import { ROLLUP_TABLES } from './tables';
import { keysWithSeveralRows, rollupTotals, rebuildBrandAsKept } from './testing/totals';

const BRAND = 'brd_a';
const TRACKED = [{ name: 'Acme' }, { name: 'Globex' }];

/**
 * One answer on `at`'s day naming the own brand, a competitor and an untracked brand, citing two
 * pages of one site, at `costUsd` (null: the provider gave no usage).
 */
const answerAt = (id: string, at: Date, costUsd: number | null = 0) => ({
  id,
  brandId: BRAND,
  promptId: 'prm_1',
  provider: 'openai',
  location: 'US',
  createdAt: at,
  answer: {
    answerText: '1. Globex is a solid choice.\n2. Acme is a solid choice.\n3. Initech is a solid choice.',
    citations: [1, 2].map((page) => ({ url: `https://www.site.example/page-${page}`, title: null, author: null, publishedAt: null })),
    provenance: { ...simulatedProvenance('US'), costUsd },
  },
});

describe.each<Dialect>(['duckdb', 'postgres'])('rollups kept at ingestion, on %s', (dialect) => {
  let t: TestDb;

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await insertRows(t.db, 'brands', ['id', 'name', 'url', 'location', 'aliases', 'created_by', 'finalized', 'created_at'], [
      [BRAND, 'Acme', 'https://acme.test', 'US', '[]', 'usr_1', true, new Date('2026-11-01T00:00:00Z')],
    ]);
  });

  afterAll(async () => {
    await t?.dispose();
  });

  it('count every answer once when several are stored at the same moment on keys that have no row yet', async () => {
    // Each round is a day no run has touched, so every rollup key of its answers is new, and the
    // answers' transactions run at once, each on its own connection.
    for (let day = 0; day < 4; day++) {
      const at = new Date(Date.UTC(2026, 10, 2 + day, 10));
      await Promise.all(
        // costs of 0.01, 0.02 and none (NULL) on each day
        [0, 1, 2].map((k) =>
          ingestRun(t.db, answerAt(`run_${day}_${k}`, new Date(at.getTime() + k * 60_000), k < 2 ? 0.01 * (k + 1) : null), TRACKED),
        ),
      );
    }

    const kept = await rollupTotals(t.db);
    const [{ runs }] = await t.db.query<{ runs: number }>('SELECT SUM(runs) AS runs FROM rollup_runs_daily');
    expect(Number(runs)).toBe(12);
    // The daily cost cap reads the day's spend from these rows: each day's two priced runs.
    for (let day = 0; day < 4; day++)
      expect(await brandSpendToday(t.db, BRAND, new Date(Date.UTC(2026, 10, 2 + day, 23)))).toBeCloseTo(0.03, 12);
    expect(await brandSpendToday(t.db, BRAND, new Date(Date.UTC(2026, 10, 6, 12)))).toBe(0);
    // The answers of a brand are added one transaction after the other (each first moves the brand's
    // facts version), so the later ones add to the rows the first inserted.
    expect(await keysWithSeveralRows(t.db)).toEqual(Object.fromEntries(ROLLUP_TABLES.map((table) => [table, 0])));

    await rebuildBrandAsKept(t.db, BRAND);
    expect(await rollupTotals(t.db)).toEqual(kept);
  }, 60_000);

  it('count the citations of each domain and author as a rebuild does, answers stored one after the other', async () => {
    // Authors repeat within an answer and across answers, days, providers and domains; blank ones and
    // a URL without a registrable domain count for no author.
    const cite = (url: string, author: string | null) => ({ url, title: null, author, publishedAt: null });
    const answers = [
      ['2026-11-10T08:00:00Z', 'openai', [cite('https://www.site.example/a', 'Ann'), cite('https://www.site.example/b', 'Ann'), cite('https://blog.other.example/x', 'ann')]],
      ['2026-11-10T09:00:00Z', 'openai', [cite('https://www.site.example/a', 'Ann'), cite('https://www.site.example/c', '  '), cite('http://127.0.0.1/x', 'Ann')]],
      ['2026-11-10T23:59:00Z', 'perplexity', [cite('https://www.site.example/a', 'Émile'), cite('https://www.site.example/d', null)]],
      ['2026-11-11T00:00:00Z', 'openai', [cite('https://www.site.example/a', 'Ann'), cite('https://www.site.example/a', 'Zoë')]],
    ] as const;
    for (const [i, [at, provider, citations]] of answers.entries()) {
      const run = answerAt(`run_authors_${i}`, new Date(at));
      await ingestRun(t.db, { ...run, provider, answer: { ...run.answer, citations: [...citations] } }, TRACKED);
    }

    const kept = await rollupTotals(t.db);
    const byAuthor = await t.db.query<Record<string, unknown>>(
      `SELECT day, provider, domain, author, SUM(citations) AS n FROM rollup_citation_authors_daily
        WHERE day >= $1 GROUP BY day, provider, domain, author ORDER BY day, provider, domain, author`,
      [new Date('2026-11-10T00:00:00Z')],
    );
    expect(byAuthor.map((r) => [String(r.day).slice(0, 10), r.provider, r.domain, r.author, Number(r.n)])).toEqual([
      ['2026-11-10', 'openai', 'other.example', 'ann', 1],
      ['2026-11-10', 'openai', 'site.example', 'Ann', 3],
      ['2026-11-10', 'perplexity', 'site.example', 'Émile', 1],
      ['2026-11-11', 'openai', 'site.example', 'Ann', 1],
      ['2026-11-11', 'openai', 'site.example', 'Zoë', 1],
    ]);
    expect((await keysWithSeveralRows(t.db)).rollup_citation_authors_daily).toBe(0);

    await rebuildBrandAsKept(t.db, BRAND);
    expect(await rollupTotals(t.db)).toEqual(kept);
  }, 60_000);
});
