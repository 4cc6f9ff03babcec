import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Dialect } from './types';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Migration {
  /** File name without ".sql", e.g. "001_init" or "002_fact_indexes.postgres". */
  id: string;
  file: string;
}

/**
 * Migration files in order: `NNN_name.sql` for every engine, `NNN_name.<dialect>.sql` only for
 * that engine. Sorted by file name, so the number decides the order.
 */
export function listMigrations(dialect: Dialect, dir = MIGRATIONS_DIR): Migration[] {
  const dialects: Dialect[] = ['duckdb', 'postgres'];
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+(\.[a-z]+)?\.sql$/.test(f))
    .filter((f) => {
      const parts = f.slice(0, -'.sql'.length).split('.');
      if (parts.length === 1) return true;
      const target = parts[1] as Dialect;
      if (!dialects.includes(target)) throw new Error(`Migration ${f} names an unknown dialect "${parts[1]}"`);
      return target === dialect;
    })
    .sort()
    .map((f) => ({ id: f.slice(0, -'.sql'.length), file: path.join(dir, f) }));
}

/** Applies the migrations not yet recorded in schema_migrations, each in its own transaction. Returns their ids. */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TIMESTAMP NOT NULL)');
  const done = new Set((await db.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));
  const applied: string[] = [];
  for (const m of listMigrations(db.dialect, dir)) {
    if (done.has(m.id)) continue;
    const sql = fs.readFileSync(m.file, 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (id, applied_at) VALUES ($1, $2)', [m.id, new Date()]);
    });
    applied.push(m.id);
  }
  return applied;
}
