// On PostgreSQL the window reads of the first three rollups and of the authors' rollup (026) must be answerable from their indexes
// alone: a brand's rows of a day lie among every other brand's rows of that day, so a read that
// visits the table pays a page per few rows, and its cost follows the other tenants. The rule
// checked: each table's index on (brand_id, day, …) holds every column of the table, so the planner
// can read any of their readers' columns by an index-only scan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../db/testing';
import { explain, type PlanNode } from '../../tests/citus/shardRouting';

const COVERED = ['rollup_runs_daily', 'rollup_mentions_daily', 'rollup_citations_daily', 'rollup_citation_authors_daily'] as const;

const scans = (n: PlanNode): PlanNode[] => [...(n['Relation Name'] ? [n] : []), ...(n.Plans ?? []).flatMap(scans)];

describe('the rollups read by window on postgres', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb('postgres');
  });
  afterAll(() => t?.dispose());

  it.each(COVERED)('%s: every column of a brand’s days comes from the index alone', async (table) => {
    const columns = await t.db.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
      [table],
    );
    expect(columns.length).toBeGreaterThan(3);
    const list = columns.map((c) => c.name).join(', ');
    // Without other ways to read the table, the planner takes the index-only scan when the index has
    // every column named, and a plain index scan (visiting the table) otherwise.
    const plan = await t.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      await tx.query('SET LOCAL enable_bitmapscan = off');
      return explain(
        tx,
        `SELECT ${list} FROM ${table} WHERE brand_id = 'brd_a' AND day >= TIMESTAMP '2026-11-01' AND day < TIMESTAMP '2026-11-08'`,
        [],
      );
    });
    const found = scans(plan).filter((n) => n['Relation Name'] === table);
    expect(found.map((n) => n['Node Type'])).toEqual(['Index Only Scan']);
  });
});
