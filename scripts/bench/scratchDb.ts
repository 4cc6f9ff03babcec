// A migrated database a bench script loads and drops: a fresh PostgreSQL schema, or a DuckDB file
// in a temporary folder removed on dispose.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDuckDb } from '../../server/db/duckdb';
import { migrate } from '../../server/db/migrate';
import { openTestDb } from '../../server/db/testing';
import type { Db, Dialect } from '../../server/db/types';

export async function openScratchDb(dialect: Dialect): Promise<{ db: Db; dispose: () => Promise<void> }> {
  if (dialect === 'postgres') return openTestDb('postgres', { migrated: true });
  const dir = mkdtempSync(join(tmpdir(), 'answerscope-bench-'));
  const db = await openDuckDb({ file: join(dir, 'bench.duckdb'), tmpDir: join(dir, 'tmp') });
  await migrate(db);
  return {
    db,
    dispose: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
