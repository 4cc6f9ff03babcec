import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate } from '../db/migrate';
import { openTestDb, type TestDb } from '../db/testing';
import type { Db, Dialect } from '../db/types';
import { buildRollupsAfterUpgrade, rebuildRollups, ROLLUP_REBUILD_MIGRATIONS, ROLLUPS_MIGRATION } from './rebuild';
import { addDays, ROLLUP_TABLES, utcDay } from './tables';
import { urlGapsKeptOn } from './urlGaps';

/**
 * A database of `dialect` with no migrations run, and a folder holding the migrations that came
 * before `migration`: a test stores facts as they were before it, then upgrades.
 */
function upgradedFrom(migration: string, dialect: Dialect): { readonly db: Db; readonly before: string } {
  let t: TestDb | undefined;
  let before = '';
  beforeAll(async () => {
    before = fs.mkdtempSync(path.join(os.tmpdir(), `migrations-before-${migration}-`));
    for (const f of fs.readdirSync(MIGRATIONS_DIR)) if (f < migration) fs.copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(before, f));
    t = await openTestDb(dialect, { migrated: false });
  });
  afterAll(async () => {
    await t?.dispose();
    fs.rmSync(before, { recursive: true, force: true });
  });
  return {
    get db() {
      return t!.db;
    },
    get before() {
      return before;
    },
  };
}

describe.each<Dialect>(['duckdb', 'postgres'])('a database with facts upgraded to the rollups, on %s', (dialect) => {
  const up = upgradedFrom(ROLLUPS_MIGRATION, dialect);

  it('builds the rollups from the facts stored before, once', async () => {
    await migrate(up.db, up.before);
    const at = new Date('2026-11-02T10:00:00Z');
    await up.db.query(
      `INSERT INTO runs (brand_id, id, prompt_id, provider, location, created_at, answer_text, named_count)
       VALUES ('brd_a', 'run_1', 'prm_1', 'openai', 'US', $1, 'Acme', 1), ('brd_a', 'run_2', 'prm_1', 'openai', 'US', $1, '', 0)`,
      [at],
    );
    await up.db.query(
      `INSERT INTO mentions (brand_id, run_id, prompt_id, provider, location, created_at, entity, entity_name, rank, sentiment)
       VALUES ('brd_a', 'run_1', 'prm_1', 'openai', 'US', $1, 'acme', 'Acme', 1, 0.5)`,
      [at],
    );

    const applied = await migrate(up.db);
    expect(applied).toContain(ROLLUPS_MIGRATION);
    expect(await buildRollupsAfterUpgrade(up.db, applied)).toBe(true);
    expect(await up.db.query('SELECT day, runs FROM rollup_runs_daily')).toEqual([{ day: '2026-11-02T00:00:00.000Z', runs: 2 }]);
    expect(await up.db.query('SELECT entity, mentions FROM rollup_mentions_daily')).toEqual([{ entity: 'acme', mentions: 1 }]);

    // Later starts apply nothing and build nothing.
    expect(await buildRollupsAfterUpgrade(up.db, await migrate(up.db))).toBe(false);
  });
});

describe.each<Dialect>(['duckdb', 'postgres'])('rollups upgraded to sums of squares, on %s', (dialect) => {
  const SQUARES = '015_rollup_sums_of_squares';
  const up = upgradedFrom(SQUARES, dialect);

  it('rebuilds rollups written without them, so intervals of averages read right at once', async () => {
    expect(ROLLUP_REBUILD_MIGRATIONS).toContain(SQUARES);
    await migrate(up.db, up.before);
    const at = new Date('2026-11-02T10:00:00Z');
    await up.db.query(
      `INSERT INTO mentions (brand_id, run_id, prompt_id, provider, location, created_at, entity, entity_name, rank, sentiment)
       VALUES ('brd_a', 'run_1', 'prm_1', 'openai', 'US', $1, 'acme', 'Acme', 2, 0.5), ('brd_a', 'run_2', 'prm_1', 'openai', 'US', $1, 'acme', 'Acme', 3, -0.5)`,
      [at],
    );
    await up.db.query(
      `INSERT INTO runs (brand_id, id, prompt_id, provider, location, created_at, answer_text, named_count)
       VALUES ('brd_a', 'run_1', 'prm_1', 'openai', 'US', $1, 'Acme', 1), ('brd_a', 'run_2', 'prm_1', 'openai', 'US', $1, 'Acme', 1)`,
      [at],
    );
    // The rollup row as the code before the migration wrote it.
    await up.db.query(
      `INSERT INTO rollup_mentions_daily (brand_id, day, provider, location, entity, mentions, rank_sum, sentiment_sum, answer_citations, with_own)
       VALUES ('brd_a', $1, 'openai', 'US', 'acme', 2, 5, 0, 0, 0)`,
      [new Date('2026-11-02T00:00:00Z')],
    );

    const applied = await migrate(up.db);
    expect(applied).toContain(SQUARES);
    expect(await buildRollupsAfterUpgrade(up.db, applied)).toBe(true);
    const [row] = await up.db.query<{ r: number; s: number }>(
      'SELECT rank_sq_sum AS r, sentiment_sq_sum AS s FROM rollup_mentions_daily',
    );
    expect(Number(row.r)).toBe(13);
    expect(Number(row.s)).toBeCloseTo(0.5, 12);
  });
});

describe.each<Dialect>(['duckdb', 'postgres'])('a database with facts upgraded to the entity rollups, on %s', (dialect) => {
  const ENTITY_ROLLUPS = '018_entity_rollups';
  const up = upgradedFrom(ENTITY_ROLLUPS, dialect);

  it('fills them from the stored facts, so the emerging threats read them at once', async () => {
    expect(ROLLUP_REBUILD_MIGRATIONS).toContain(ENTITY_ROLLUPS);
    await migrate(up.db, up.before);
    const [first, last] = [new Date('2026-11-02T08:00:00Z'), new Date('2026-11-02T17:30:00Z')];
    await up.db.query(
      `INSERT INTO runs (brand_id, id, prompt_id, provider, location, created_at, answer_text, named_count)
       VALUES ('brd_a', 'run_1', 'prm_1', 'openai', 'US', $1, 'Hooli', 1), ('brd_a', 'run_2', 'prm_2', 'openai', 'US', $2, 'hooli', 1)`,
      [first, last],
    );
    await up.db.query(
      `INSERT INTO mentions (brand_id, run_id, prompt_id, provider, location, created_at, entity, entity_name, rank, sentiment)
       VALUES ('brd_a', 'run_1', 'prm_1', 'openai', 'US', $1, 'hooli', 'Hooli', 2, 0), ('brd_a', 'run_2', 'prm_2', 'openai', 'US', $2, 'hooli', 'hooli', 2, 0)`,
      [first, last],
    );

    const applied = await migrate(up.db);
    expect(applied).toContain(ENTITY_ROLLUPS);
    expect(await buildRollupsAfterUpgrade(up.db, applied)).toBe(true);
    const [day] = await up.db.query<Record<string, unknown>>(
      'SELECT rank, entity_name, mentions, first_at, last_at FROM rollup_entity_ranks_daily',
    );
    // The smallest spelling as the database orders text (as MIN over the facts gives it).
    const [{ name }] = await up.db.query<{ name: string }>('SELECT MIN(entity_name) AS name FROM mentions');
    expect({ ...day, mentions: Number(day.mentions) }).toEqual({
      rank: 2,
      entity_name: name,
      mentions: 2,
      first_at: first.toISOString(),
      last_at: last.toISOString(),
    });
    expect(await up.db.query('SELECT prompt_id, first_at, last_at FROM rollup_entity_prompts ORDER BY prompt_id')).toEqual([
      { prompt_id: 'prm_1', first_at: first.toISOString(), last_at: first.toISOString() },
      { prompt_id: 'prm_2', first_at: last.toISOString(), last_at: last.toISOString() },
    ]);
  });
});

describe.each<Dialect>(['duckdb', 'postgres'])('a database with citations upgraded to the authors rollup, on %s', (dialect) => {
  const AUTHORS = '026_rollup_citation_authors';
  const up = upgradedFrom(AUTHORS, dialect);

  it('fills it from the stored citations, so the sources card reads it at once', async () => {
    expect(ROLLUP_REBUILD_MIGRATIONS).toContain(AUTHORS);
    await migrate(up.db, up.before);
    const at = new Date('2026-11-02T10:00:00Z');
    await up.db.query(
      `INSERT INTO runs (brand_id, id, prompt_id, provider, location, created_at, answer_text, named_count)
       VALUES ('brd_a', 'run_1', 'prm_1', 'openai', 'US', $1, '', 0)`,
      [at],
    );
    await up.db.query(
      `INSERT INTO citations (brand_id, run_id, prompt_id, provider, location, created_at, position, url, domain, author, citation_hash)
       VALUES ('brd_a', 'run_1', 'prm_1', 'openai', 'US', $1, 1, 'https://g2.com/a', 'g2.com', 'Ann', 'h1'),
              ('brd_a', 'run_1', 'prm_1', 'openai', 'US', $1, 2, 'https://g2.com/b', 'g2.com', 'Ann', 'h2'),
              ('brd_a', 'run_1', 'prm_1', 'openai', 'US', $1, 3, 'https://g2.com/c', 'g2.com', '', 'h3'),
              ('brd_a', 'run_1', 'prm_1', 'openai', 'US', $1, 4, 'https://g2.com/d', 'g2.com', NULL, 'h4'),
              ('brd_a', 'run_1', 'prm_1', 'openai', 'US', $1, 5, 'http://127.0.0.1/x', '', 'Ann', 'h5')`,
      [at],
    );

    const applied = await migrate(up.db);
    expect(applied).toContain(AUTHORS);
    expect(await buildRollupsAfterUpgrade(up.db, applied)).toBe(true);
    const rows = await up.db.query<Record<string, unknown>>('SELECT day, domain, author, citations FROM rollup_citation_authors_daily');
    expect(rows.map((r) => ({ ...r, citations: Number(r.citations) }))).toEqual([
      { day: '2026-11-02T00:00:00.000Z', domain: 'g2.com', author: 'Ann', citations: 2 },
    ]);
  });
});

describe.each<Dialect>(['duckdb', 'postgres'])('a database with citations upgraded to the URL gap rollups, on %s', (dialect) => {
  const URL_GAPS = '027_rollup_url_gaps';
  const up = upgradedFrom(URL_GAPS, dialect);

  it('fills them from the stored citations where the database keeps them', async () => {
    expect(ROLLUP_REBUILD_MIGRATIONS).toContain(URL_GAPS);
    await migrate(up.db, up.before);
    const [day1, day3] = [new Date('2026-11-01T09:00:00Z'), new Date('2026-11-03T18:00:00Z')];
    await up.db.query(
      `INSERT INTO runs (brand_id, id, prompt_id, provider, location, created_at, answer_text, named_count)
       VALUES ('brd_a', 'run_1', 'prm_1', 'openai', 'US', $1, '', 0), ('brd_a', 'run_2', 'prm_1', 'openai', 'US', $2, '', 0)`,
      [day1, day3],
    );
    await up.db.query(
      `INSERT INTO citations (brand_id, run_id, prompt_id, provider, location, created_at, position, url, domain, citation_hash)
       VALUES ('brd_a', 'run_1', 'prm_1', 'openai', 'US', $1, 1, 'https://g2.com/a', 'g2.com', 'h1'),
              ('brd_a', 'run_2', 'prm_1', 'openai', 'US', $2, 1, 'https://g2.com/a', 'g2.com', 'h2'),
              ('brd_a', 'run_2', 'prm_1', 'openai', 'US', $2, 2, 'https://g2.com/b', 'g2.com', 'h3'),
              ('brd_a', 'run_2', 'prm_1', 'openai', 'US', $2, 3, 'https://g2.com/b', 'g2.com', 'h4')`,
      [day1, day3],
    );

    const applied = await migrate(up.db);
    expect(applied).toContain(URL_GAPS);
    expect(await buildRollupsAfterUpgrade(up.db, applied)).toBe(true);
    const gaps = await up.db.query<Record<string, unknown>>('SELECT day, prev_day, urls FROM rollup_url_gaps_daily ORDER BY day, prev_day');
    // a: first cited on the 1st, again on the 3rd (after the 1st); b: first cited on the 3rd (twice, one URL)
    const expected = [
      { day: '2026-11-01T00:00:00.000Z', prev_day: '1970-01-01T00:00:00.000Z', urls: 1 },
      { day: '2026-11-03T00:00:00.000Z', prev_day: '1970-01-01T00:00:00.000Z', urls: 1 },
      { day: '2026-11-03T00:00:00.000Z', prev_day: '2026-11-01T00:00:00.000Z', urls: 1 },
    ];
    expect(gaps.map((r) => ({ ...r, urls: Number(r.urls) }))).toEqual(urlGapsKeptOn(dialect) ? expected : []);
  });
});

describe.each<Dialect>(['duckdb', 'postgres'])('a database with priced runs upgraded to the daily spend, on %s', (dialect) => {
  const RUNS_COST = '029_rollup_runs_cost';
  const up = upgradedFrom(RUNS_COST, dialect);

  it('sums the stored runs’ cost per day, so the cost cap reads the day’s spend at once', async () => {
    expect(ROLLUP_REBUILD_MIGRATIONS).toContain(RUNS_COST);
    await migrate(up.db, up.before);
    const [morning, evening, nextDay] = [new Date('2026-11-02T08:00:00Z'), new Date('2026-11-02T20:00:00Z'), new Date('2026-11-03T01:00:00Z')];
    await up.db.query(
      `INSERT INTO runs (brand_id, id, prompt_id, provider, location, created_at, answer_text, named_count, cost_usd)
       VALUES ('brd_a', 'run_1', 'prm_1', 'openai', 'US', $1, '', 0, 0.25), ('brd_a', 'run_2', 'prm_1', 'openai', 'US', $2, '', 0, 0.5),
              ('brd_a', 'run_3', 'prm_1', 'openai', 'US', $2, '', 0, NULL), ('brd_a', 'run_4', 'prm_1', 'openai', 'US', $3, '', 0, 2)`,
      [morning, evening, nextDay],
    );

    const applied = await migrate(up.db);
    expect(applied).toContain(RUNS_COST);
    expect(await buildRollupsAfterUpgrade(up.db, applied)).toBe(true);
    const rows = await up.db.query<Record<string, unknown>>('SELECT day, runs, cost_usd FROM rollup_runs_daily ORDER BY day');
    expect(rows.map((r) => ({ ...r, runs: Number(r.runs) }))).toEqual([
      { day: '2026-11-02T00:00:00.000Z', runs: 3, cost_usd: 0.75 },
      { day: '2026-11-03T00:00:00.000Z', runs: 1, cost_usd: 2 },
    ]);
  });
});

describe.each<Dialect>(['duckdb', 'postgres'])('a database with runs upgraded to the running totals, on %s', (dialect) => {
  const TOTALS = '030_rollup_prompt_totals';
  const up = upgradedFrom(TOTALS, dialect);

  it('builds each combination’s totals from its first run to today, so the top and bottom prompts read them at once', async () => {
    expect(ROLLUP_REBUILD_MIGRATIONS).toContain(TOTALS);
    await migrate(up.db, up.before);
    const today = utcDay(new Date());
    const [threeDaysAgo, twoDaysAgo, now] = [addDays(today, -3), addDays(today, -2), new Date()];
    await up.db.query(
      `INSERT INTO brands (id, name, url, location, aliases, created_by, finalized, created_at)
       VALUES ('brd_a', 'Acme', 'https://acme.test', 'US', '[]', 'usr_1', true, $1)`,
      [threeDaysAgo],
    );
    await up.db.query(
      `INSERT INTO runs (brand_id, id, prompt_id, provider, location, created_at, answer_text, named_count)
       VALUES ('brd_a', 'run_1', 'prm_1', 'openai', 'US', $1, 'Acme', 1), ('brd_a', 'run_2', 'prm_1', 'openai', 'US', $2, '', 0),
              ('brd_a', 'run_3', 'prm_1', 'openai', 'US', $3, '', 0)`,
      [new Date(threeDaysAgo.getTime() + 36_000_000), new Date(twoDaysAgo.getTime() + 36_000_000), now],
    );
    await up.db.query(
      `INSERT INTO mentions (brand_id, run_id, prompt_id, provider, location, created_at, entity, entity_name, rank, sentiment)
       VALUES ('brd_a', 'run_1', 'prm_1', 'openai', 'US', $1, 'acme', 'Acme', 2, 0.5)`,
      [new Date(threeDaysAgo.getTime() + 36_000_000)],
    );

    const applied = await migrate(up.db);
    expect(applied).toContain(TOTALS);
    expect(await buildRollupsAfterUpgrade(up.db, applied)).toBe(true);
    const rows = await up.db.query<Record<string, unknown>>('SELECT day, runs, mentioned, rank_sum FROM rollup_prompt_totals ORDER BY day');
    // idle yesterday has its row too; today's row holds the runs so far
    expect(rows.map((r) => [r.day, Number(r.runs), Number(r.mentioned), Number(r.rank_sum)])).toEqual([
      [threeDaysAgo.toISOString(), 1, 1, 2],
      [twoDaysAgo.toISOString(), 2, 1, 2],
      [addDays(today, -1).toISOString(), 2, 1, 2],
      [today.toISOString(), 3, 1, 2],
    ]);
    expect(await up.db.query('SELECT brand_id, day FROM rollup_prompt_totals_through')).toEqual([{ brand_id: 'brd_a', day: today.toISOString() }]);
  });
});

describe('a rebuild of the rollups on postgres', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb('postgres');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  // The rebuild deletes every rollup row and writes them again: left to autovacuum, the dead rows
  // and the pages not yet all-visible slow every index-only scan of a rollup until it comes by.
  it('vacuums the rollup tables it rewrote', async () => {
    await t.db.query(
      `INSERT INTO runs (brand_id, id, prompt_id, provider, location, created_at, answer_text, named_count)
       VALUES ('brd_a', 'run_1', 'prm_1', 'openai', 'US', $1, 'Acme', 1)`,
      [new Date('2026-11-02T10:00:00Z')],
    );
    const vacuums = () =>
      t.db.query<{ relname: string; vacuum_count: number }>(
        `SELECT relname, vacuum_count FROM pg_stat_user_tables WHERE schemaname = current_schema() ORDER BY relname`,
      );
    const before = new Map((await vacuums()).map((r) => [r.relname, Number(r.vacuum_count)]));
    await rebuildRollups(t.db);
    const after = new Map((await vacuums()).map((r) => [r.relname, Number(r.vacuum_count)]));
    for (const table of ROLLUP_TABLES) expect({ table, vacuums: after.get(table)! - (before.get(table) ?? 0) }).toEqual({ table, vacuums: 1 });
    expect(await t.db.query('SELECT runs FROM rollup_runs_daily')).toEqual([{ runs: 1 }]);
  });
});
