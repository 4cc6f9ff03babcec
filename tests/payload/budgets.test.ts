// Payload budget: no insight answer is larger than 300 kB for a brand at the largest plan's limits
// (Enterprise: 5000 prompts, 250 locations; 50 competitors; 4 providers). The brand gets a few days
// of runs reaching every prompt, location, provider and competitor, with a thousand untracked
// brands and thirty thousand cited URLs: list lengths grow with those, not with days, so more days
// would only slow the test. Measured on DuckDB (the answer is the same JSON on PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildRollups } from '../../server/rollups/rebuild';
import { DEMO_ACCOUNTS } from '../../server/seed/demoAccounts';
import { startTestServer, type TestServer } from '../support/harness';
import { BIG_BRAND, FOCUS_PROMPT, loadEnterpriseBrand } from './enterpriseBrand';
import {
  INSIGHT_CALLS,
  LONGER_VARIANTS,
  measureAnswers,
  pageFieldsOf,
  PAYLOAD_BUDGET_BYTES,
  widgetsCalling,
  type AnswerSize,
} from './insightCalls';

/**
 * Lists a screen pages and searches in the browser, so the whole list is sent (none left: the
 * prompts table, ~5.7 MB whole for 5000 prompts, pages on the server too). A list the screens page
 * on the server is measured by the requests they send instead (insightCalls.ts, screenRequests).
 */
const SENT_WHOLE = new Set<string>();

describe('insight answers stay within the payload budget at the largest plan', () => {
  let server: TestServer;
  let sizes: Map<string, AnswerSize>;

  beforeAll(async () => {
    server = await startTestServer({ dialect: 'duckdb', days: 1 });
    const owner = DEMO_ACCOUNTS.find((a) => a.key === 'demo')!;
    await loadEnterpriseBrand(server.db, owner.id, server.now);
    await rebuildRollups(server.db);
    const cookie = await server.login();
    const [competitor] = await server.db.query<{ name: string }>(
      'SELECT name FROM competitors WHERE brand_id = $1 ORDER BY name_key LIMIT 1',
      [BIG_BRAND.id],
    );
    sizes = await measureAnswers(
      server,
      { brandId: BIG_BRAND.id, promptId: FOCUS_PROMPT, competitor: competitor.name, now: server.now },
      cookie,
      SENT_WHOLE,
    );
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('answers every insight call', () => {
    const failed = [...sizes].filter(([, s]) => s.status !== 200).map(([id, s]) => `${id}: ${s.status}`);
    expect(failed).toEqual([]);
    const unmeasured = INSIGHT_CALLS.filter((id) => ![...sizes.keys()].some((label) => label === id || label.startsWith(`${id} (`)));
    expect(unmeasured).toEqual([]);
    expect(LONGER_VARIANTS.filter((v) => !sizes.has(v.label))).toEqual([]);
  });

  it(`keeps every answer at or under ${PAYLOAD_BUDGET_BYTES / 1000} kB, but for the lists still sent whole`, () => {
    console.log([...sizes].map(([id, s]) => `${(s.bytes / 1000).toFixed(1).padStart(9)} kB  ${id}`).join('\n'));
    const over = [...sizes]
      .filter(([id, s]) => s.bytes > PAYLOAD_BUDGET_BYTES && !SENT_WHOLE.has(id))
      .map(([id, s]) => `${id}: ${(s.bytes / 1000).toFixed(1)} kB`);
    expect(over).toEqual([]);
  });

  // A call that pages is measured by what its screens send: every widget calling it must ask for a
  // page (its serverPaging, or a page request fixed in its body), or it would get the whole list.
  it('finds every screen asking the calls that page for pages only', () => {
    const paged = INSIGHT_CALLS.filter((id) => pageFieldsOf(id).length > 0 && !SENT_WHOLE.has(id));
    expect(paged).toEqual(expect.arrayContaining(['prompts.table', 'competitors.comparison-prompts', 'citations.tld-analysis']));
    const whole = paged.flatMap((id) =>
      widgetsCalling(id)
        .filter(({ config }) => !config.serverPaging && !pageFieldsOf(id).some((f) => config.data?.body?.[f] !== undefined))
        .map(({ page, widget }) => `${id}: ${page} ${widget}`),
    );
    expect(whole).toEqual([]);
    for (const id of paged) expect(widgetsCalling(id).length, id).toBeGreaterThan(0);
  });

  // Fails once one of them fits: then it leaves the list. One test per list, so with none left
  // there is no test that could not fail.
  it.each([...SENT_WHOLE])('still finds %s sent whole over the budget', (id) => {
    expect(sizes.get(id)?.status).toBe(200);
    expect(sizes.get(id)!.bytes).toBeGreaterThan(PAYLOAD_BUDGET_BYTES);
  });
});
