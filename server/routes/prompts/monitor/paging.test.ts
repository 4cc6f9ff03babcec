import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as stats from '../../../stats';
import { startPromptsTestApp, type PromptsTestApp } from '../testing';

// the table computes one sentiment change interval per row it completes: counted to show which rows are
vi.mock('../../../stats', async (original) => {
  const actual = await original<typeof import('../../../stats')>();
  return { ...actual, meanChangeStats: vi.fn(actual.meanChangeStats) };
});

// prompts.table with a page request, on both databases: every page, sort, search, Performance
// filter and state is checked against the whole list the same request answers without a page
// (monitor.test.ts checks that list against the raw runs).

const BRAND = 'brd_taskvine';
const body = {
  brandId: BRAND,
  startTime: '2026-11-14T00:00:00.000Z',
  deltaStartTime: '2026-11-07T00:00:00.000Z',
  deltaEndTime: '2026-11-14T00:00:00.000Z',
  providers: null,
  location: null,
};

type Row = {
  promptId: string;
  fullPrompt: string;
  promptState: string;
  performanceStatus: string;
  recencyStatus: string;
  mentionRate: number | null;
  deltaMentionRateChange: number | null;
  lastRunDate: string | null;
};

/** The label the page shows (its transform): New for a never-run prompt. */
const label = (r: Row) => (r.recencyStatus === 'never_run' ? 'new' : r.performanceStatus);
const PERFORMANCE: Record<string, (r: Row) => boolean> = {
  all: () => true,
  top: (r) => label(r) === 'top',
  worst: (r) => label(r) === 'bottom',
  needs_attention: (r) => label(r) === 'zero_mention',
  recently_changed: (r) => r.deltaMentionRateChange !== null && Math.abs(r.deltaMentionRateChange) > 5,
};

/** Sorted as the table sorts: missing values last in either order, ties in the stored order. */
function sorted(rows: Row[], read: (r: Row) => unknown, order: 'asc' | 'desc'): Row[] {
  const sign = order === 'desc' ? -1 : 1;
  return rows
    .map((r, i) => ({ r, i, v: read(r) }))
    .sort((a, b) => {
      const an = a.v === null || a.v === undefined;
      const bn = b.v === null || b.v === undefined;
      if (an || bn) return an === bn ? a.i - b.i : an ? 1 : -1;
      const c = typeof a.v === 'number' ? (a.v as number) - (b.v as number) : String(a.v).localeCompare(String(b.v));
      return sign * c || a.i - b.i;
    })
    .map((x) => x.r);
}

describe.each(['duckdb', 'postgres'] as const)('paged prompts table (%s)', (dialect) => {
  let t: PromptsTestApp;
  let whole: Row[];
  const ask = async (extra: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/prompts/table',
      headers: t.as('usr_demo'),
      payload: { ...body, ...extra },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const ids = (rows: Row[]) => rows.map((r) => r.promptId);

  beforeAll(async () => {
    t = await startPromptsTestApp(dialect);
    // two stopped prompts, so both tabs hold some
    const first = await t.db.query<{ id: string }>('SELECT id FROM prompts WHERE brand_id = $1 ORDER BY created_at, id LIMIT 2', [
      BRAND,
    ]);
    for (const p of first) await t.db.query("UPDATE prompts SET state = 'inactive' WHERE id = $1", [p.id]);
    whole = (await ask({})).body.prompts;
  });
  afterAll(async () => t?.close());

  it('pages put together are the whole list, with its total and the counts per state', async () => {
    expect(whole.length).toBeGreaterThan(6);
    // the filters have prompts to keep and prompts to leave out
    expect(Object.values(PERFORMANCE).filter((keep) => whole.some(keep) && !whole.every(keep)).length).toBeGreaterThanOrEqual(3);
    const seen: Row[] = [];
    for (let offset = 0; offset < whole.length; offset += 4) {
      const res = await ask({ page: { limit: 4, offset } });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(whole.length);
      const active = whole.filter((r) => r.promptState === 'active').length;
      expect(active).toBe(whole.length - 2);
      expect(res.body.counts).toEqual({ active, inactive: 2, all: whole.length });
      expect(typeof res.body.canAddPrompts).toBe('boolean');
      seen.push(...res.body.prompts);
    }
    expect(seen).toEqual(whole);
  });

  it.each(['promptPreview', 'promptState', 'performanceLabel', 'mentionRate', 'deltaMentionRateChange', 'lastRunDate'])(
    'sorts by %s in either order',
    async (key) => {
      const read = key === 'performanceLabel' ? label : (r: Row) => r[key as keyof Row];
      for (const order of ['asc', 'desc'] as const) {
        const res = await ask({ page: { limit: 200, sort: key, order } });
        expect(ids(res.body.prompts)).toEqual(ids(sorted(whole, read, order)));
        // whole rows, intervals too: a page's rows are those of the unpaged answer
        expect(res.body.prompts).toEqual(sorted(whole, read, order));
      }
    },
  );

  it.each(Object.keys(PERFORMANCE))(
    'the Performance filter %s keeps what the table showed it keep, in each state',
    async (performance) => {
      const kept = whole.filter(PERFORMANCE[performance]);
      for (const state of [null, 'active', 'inactive'] as const) {
        const res = await ask({ performance, state, page: { limit: 200, sort: 'mentionRate', order: 'desc' } });
        const expected = sorted(state ? kept.filter((r) => r.promptState === state) : kept, (r) => r.mentionRate, 'desc');
        expect(ids(res.body.prompts)).toEqual(ids(expected));
        expect(res.body.prompts).toEqual(expected);
        expect(res.body.total).toBe(expected.length);
        const active = kept.filter((r) => r.promptState === 'active').length;
        expect(res.body.counts).toEqual({ active, inactive: kept.length - active, all: kept.length });
        // a page of no rows (the page header's request) answers the same total and counts
        const none = await ask({ performance, state, page: { limit: 0 } });
        expect(none.body).toEqual({ ...res.body, prompts: [] });
      }
    },
  );

  it("searches the whole prompt text, case-insensitive, counting every match; the counts stay the filter's", async () => {
    const word = whole[0].fullPrompt
      .split(/\s+/)
      .find((w) => w.length > 4)!
      .toUpperCase();
    const matches = whole.filter((r) => r.fullPrompt.toLowerCase().includes(word.toLowerCase()));
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.length).toBeLessThan(whole.length);
    const res = await ask({ page: { limit: 2, search: word } });
    expect(res.body.total).toBe(matches.length);
    expect(ids(res.body.prompts)).toEqual(ids(matches.slice(0, 2)));
    expect(res.body.counts.all).toBe(whole.length);
  });

  it('computes intervals for the rows it returns only: none for a page of 0 rows, every row without a page', async () => {
    const completed = async (extra: object) => {
      vi.mocked(stats.meanChangeStats).mockClear();
      const res = await ask(extra);
      expect(res.status).toBe(200);
      return vi.mocked(stats.meanChangeStats).mock.calls.length;
    };
    expect(await completed({ page: { limit: 3, offset: 2, sort: 'mentionRate', order: 'desc' } })).toBe(3);
    expect(await completed({ performance: 'top', page: { limit: 0 } })).toBe(0);
    expect(await completed({ page: { limit: 0 } })).toBe(0);
    expect(await completed({})).toBe(whole.length);
  });

  it('answers a page of 0 rows with its counts, and 400 BAD_PAGE for an unknown sort key or a page over 200', async () => {
    const none = await ask({ page: { limit: 0 } });
    expect(none.body.prompts).toEqual([]);
    expect(none.body.total).toBe(whole.length);
    expect(none.body.counts).toEqual({ active: whole.length - 2, inactive: 2, all: whole.length });
    const searched = await ask({ page: { limit: 0, search: 'ZZZ-no-such-prompt' } });
    expect(searched.body).toEqual({ ...none.body, total: 0 });
    const bad = await ask({ page: { limit: 10, sort: 'fullPrompt' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_PAGE');
    // the header's request (counts only, read without the prompts) is validated alike
    const badCounts = await ask({ page: { limit: 0, sort: 'fullPrompt' } });
    expect(badCounts.status).toBe(400);
    expect(badCounts.body.code).toBe('BAD_PAGE');
    expect((await ask({ page: { limit: 201 } })).status).toBe(400);
    expect((await ask({ performance: 'best' })).status).toBe(400);
  });
});
