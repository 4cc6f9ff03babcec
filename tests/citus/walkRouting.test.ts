// Every statement the app runs on a distributed table (runs, mentions, citations and their rollups,
// all distributed by brand_id on Citus) must route to one shard: each scan of such a table is
// restricted to one brand.
//
// How: the contract walk calls every API call on PostgreSQL with the app's Db wrapped so each
// statement is recorded with its parameters. Each recorded statement is then planned with
// EXPLAIN (FORMAT JSON) and those parameter values, and every scan node of a distributed table must
// carry `brand_id = <constant>` as a top-level AND term of its Filter, Index Cond or Recheck Cond;
// all such constants in a statement must be the same brand, and no coordinator-local table may be
// scanned beside them. Why the planner rather than parsing the SQL: it resolves aliases, CTEs,
// subqueries and views for us, and it propagates equalities the way Citus's router planner relies
// on (a join on brand_id gives both sides the constant; a join on run_id alone gives the joined
// side nothing), so the check reads the restriction each scan really gets instead of guessing it
// from text. Inserts of row values need no filter: Citus routes each row by its own brand_id, and
// COPY (bulk loads) likewise.
//
// Background work that spans every tenant by nature is allowed to be multi-shard and listed below
// with its reason; the test runs it too, so each listed exception is seen matching. Migrations are
// DDL run once at start (not planned here); the first-run demo load runs before the walk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../server/db/testing';
import { rebuildRollups } from '../../server/rollups/rebuild';
import { findDuePrompts } from '../../server/scheduler/index';
import { countRows } from '../../server/seed/load';
import { discoverWalkIds, walkEveryCall, type WalkAnswer } from '../contract/walk';
import { postgresReachable, startTestServer, type TestServer } from '../support/harness';
import { recordingDb, type RecordedStatement } from './recordingDb';
import { explain, isExplainable, namesDistributedTable, readsOrWritesRows, routingProblems } from './shardRouting';

/** Multi-shard statements that are acceptable, by what they do: cross-tenant background work only. */
const EXCEPTIONS: Array<{ pattern: RegExp; reason: string }> = [
  {
    pattern: /SELECT max\(r\.created_at\) FROM runs r WHERE r\.prompt_id = p\.id/,
    reason: 'the scheduler looks for due prompts of every brand: one multi-shard query per check, at most hourly',
  },
  {
    pattern:
      /^(DELETE FROM rollup_\w+$|INSERT INTO rollup_\w+ \(.*\) SELECT .* FROM (runs|mentions|citations) \w+ (LEFT JOIN|JOIN|GROUP BY|WHERE c\.domain <> ''( AND c\.author IS NOT NULL AND c\.author <> '')? GROUP BY)|INSERT INTO rollup_url_gaps_daily \(.*\) SELECT .* FROM \(SELECT .* FROM rollup_cited_url_days u \) g GROUP BY|INSERT INTO brand_facts_versions \(brand_id, version\) SELECT id, 1 FROM brands ON CONFLICT|SELECT MIN\(created_at\) AS first, MAX\(created_at\) AS last FROM runs$|INSERT INTO rollup_prompt_totals \(.*\) WITH own AS \( SELECT .* FROM mentions o JOIN brands b ON b\.id = o\.brand_id WHERE o\.entity = lower\(trim\(b\.name\)\) AND o\.created_at >= CAST\(\$1 AS TIMESTAMP\))/,
    reason: 'rebuilding the rollups of every brand (npm run rollups:rebuild, the end of a demo load) reads all shards; Citus runs it shard by shard',
  },
  {
    pattern: /^SELECT count\(\*\) AS c FROM (runs|mentions|citations|failed_runs)$/,
    reason: 'start-up counts the loaded rows of a demo load across every brand',
  },
];

/**
 * Multi-shard reads a staff tool makes on purpose, during the walk: the operations view (staff
 * only, not a tenant's call) sums collection over every brand. Matched whole, so a tenant call
 * that lost its brand_id filter is still caught.
 */
const STAFF_EXCEPTIONS: Array<{ pattern: RegExp; reason: string }> = [
  {
    pattern:
      /^SELECT (provider, created_at, is_real FROM runs|provider, created_at FROM failed_runs) WHERE created_at >= \$1$|^SELECT brand_id, provider, sum\(cost_usd\) AS spent FROM rollup_runs_daily WHERE day = \$1 GROUP BY brand_id, provider$|^SELECT f\.created_at, .* FROM failed_runs f LEFT JOIN brands b ON b\.id = f\.brand_id LEFT JOIN prompts p ON p\.id = f\.prompt_id ORDER BY f\.created_at DESC LIMIT 50$/,
    reason: 'the operations view (staff only) counts runs, failures and spend of every brand over the last day: four multi-shard reads per view',
  },
];

const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim();
const exceptionFor = (sql: string) => EXCEPTIONS.find((e) => e.pattern.test(oneLine(sql)));

interface Verdict {
  statement: RecordedStatement;
  problems: string[];
  distributedScans: number;
}

/** Plans each distinct statement once; statements on distributed tables that cannot be planned are problems. */
async function check(server: TestServer, statements: RecordedStatement[]): Promise<Verdict[]> {
  const seen = new Set<string>();
  const verdicts: Verdict[] = [];
  for (const statement of statements) {
    if (statement.kind === 'copy') continue;
    const key = JSON.stringify([statement.sql, statement.params]);
    if (seen.has(key)) continue;
    seen.add(key);
    if (!isExplainable(statement.sql)) {
      // DDL and maintenance (ANALYZE) Citus propagates to every shard; only scripts moving rows matter.
      if (readsOrWritesRows(statement.sql) && namesDistributedTable(statement.sql)) verdicts.push({ statement, problems: ['names a distributed table but cannot be planned'], distributedScans: 1 });
      continue;
    }
    try {
      const { problems, distributedScans } = routingProblems(await explain(server.db, statement.sql, statement.params));
      if (distributedScans > 0) verdicts.push({ statement, problems, distributedScans });
    } catch (error) {
      verdicts.push({ statement, problems: [`EXPLAIN failed: ${(error as Error).message}`], distributedScans: 1 });
    }
  }
  return verdicts;
}

const describeReport = (v: Verdict) => `${oneLine(v.statement.sql).slice(0, 400)}\n    params ${JSON.stringify(v.statement.params).slice(0, 200)}\n    → ${v.problems.join('; ')}`;

// The check needs PostgreSQL's planner: without the test database the suite is skipped, saying why.
const reachable = await postgresReachable();
const skipped = reachable ? '' : ` (skipped: PostgreSQL is not reachable at ${TEST_DATABASE_URL})`;

describe.runIf(reachable)(`single-shard routing of distributed-table statements (PostgreSQL planner)${skipped}`, () => {
  let server: TestServer;
  const walked: RecordedStatement[] = [];
  const background: RecordedStatement[] = [];
  let answers: WalkAnswer[] = [];
  let walkedVerdicts: Verdict[] = [];
  let backgroundVerdicts: Verdict[] = [];

  beforeAll(async () => {
    server = await startTestServer({ dialect: 'postgres', days: 15 });
    server.ctx.db = recordingDb(server.db, walked);
    const cookie = await server.login();
    const ids = await discoverWalkIds(server, cookie);
    // An onboarding generation streams its runs: its answer ends when they are stored, so they are recorded too.
    answers = await walkEveryCall(server, ids, cookie);
    server.ctx.db = server.db;

    const recordingBackground = recordingDb(server.db, background);
    await findDuePrompts({ ...server.ctx, db: recordingBackground });
    await rebuildRollups(recordingBackground);
    await countRows(recordingBackground);

    walkedVerdicts = await check(server, walked);
    backgroundVerdicts = await check(server, background);
  }, 300_000);

  afterAll(async () => {
    await server?.close();
  });

  it('recorded the walk: every call answered as expected, scans of every fact table among the statements', () => {
    // A call that failed early ran fewer statements than it should: the check would miss them.
    const unexpected = answers
      .filter(({ request, response }) => (request.status ? response.statusCode !== request.status : response.statusCode >= 300))
      .map(({ call, response }) => `${call.id}: ${response.statusCode}`);
    expect(unexpected).toEqual([]);
    expect(walked.length).toBeGreaterThan(200);
    const scanned = new Set(walkedVerdicts.flatMap((v) => oneLine(v.statement.sql).match(/\b(runs|mentions|citations)\b/g) ?? []));
    expect([...scanned].sort()).toEqual(['citations', 'mentions', 'runs']);
  });

  it('routes every statement the API runs on a distributed table to one shard (staff tools excepted, each for a listed reason)', () => {
    const failing = walkedVerdicts.filter((v) => v.problems.length > 0);
    const staffException = (sql: string) => STAFF_EXCEPTIONS.find((e) => e.pattern.test(oneLine(sql)));
    expect(failing.filter((v) => !staffException(v.statement.sql)).map(describeReport)).toEqual([]);
    const used = new Set(failing.map((v) => staffException(v.statement.sql)));
    expect(STAFF_EXCEPTIONS.filter((e) => !used.has(e)).map((e) => e.reason)).toEqual([]);
  });

  it('allows multi-shard statements only in cross-tenant background work, each for a listed reason', () => {
    const failing = backgroundVerdicts.filter((v) => v.problems.length > 0);
    const unlisted = failing.filter((v) => !exceptionFor(v.statement.sql));
    expect(unlisted.map(describeReport)).toEqual([]);
    const used = new Set(failing.map((v) => exceptionFor(v.statement.sql)));
    expect(EXCEPTIONS.filter((e) => !used.has(e)).map((e) => e.reason)).toEqual([]);
  });
});
