// The commands in docs/scaling.md that distribute an existing database must name every table the
// layout places on the shards or on every node: a table added by a migration and left out of them
// would stay on the coordinator, and every query joining it with the facts would stop routing.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../server/db/testing';
import { isDistributed, isReference } from './layout';

const doc = readFileSync(new URL('../../docs/scaling.md', import.meta.url), 'utf8');
const named = (fn: string) => new Set([...doc.matchAll(new RegExp(`${fn}\\('(\\w+)'`, 'g'))].map((m) => m[1]));

describe('the Citus commands in docs/scaling.md', () => {
  let t: TestDb;
  let tables: string[];
  beforeAll(async () => {
    t = await openTestDb('duckdb');
    const rows = await t.db.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'main'`);
    tables = rows.map((r) => r.name).sort();
  });
  afterAll(() => t?.dispose());

  it('distribute every table the layout distributes, and free its local copy', () => {
    const distributed = tables.filter(isDistributed);
    expect(distributed).toContain('rollup_runs_daily');
    expect(distributed.filter((x) => !named('create_distributed_table').has(x))).toEqual([]);
    expect(distributed.filter((x) => !named('truncate_local_data_after_distributing_table').has(x))).toEqual([]);
  });

  it('replicate every reference table, and distribute or replicate nothing that does not exist', () => {
    expect(tables.filter(isReference).filter((x) => !named('create_reference_table').has(x))).toEqual([]);
    const all = new Set(tables);
    const mentioned = [...named('create_distributed_table'), ...named('create_reference_table')];
    expect(mentioned.filter((x) => !all.has(x))).toEqual([]);
  });
});
