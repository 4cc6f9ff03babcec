import type { Db } from '../db/types';

/** One rollup row's key columns, the sums to add to it and the columns that keep their least / greatest value. */
export interface Increment {
  table: string;
  key: Record<string, unknown>;
  add: Record<string, number>;
  /** Columns that keep the smallest value seen (first sighting, name). */
  least?: Record<string, unknown>;
  /** Columns that keep the largest value seen (last sighting). */
  greatest?: Record<string, unknown>;
}

/**
 * The SQL type of every rollup column an increment names. Parameters are cast to it: PostgreSQL
 * types a parameter it cannot infer (a CASE result, a VALUES cell) as text otherwise.
 */
const COLUMN_TYPES: Record<string, string> = {
  brand_id: 'TEXT', provider: 'TEXT', location: 'TEXT', entity: 'TEXT', entity_name: 'TEXT', domain: 'TEXT', author: 'TEXT', prompt_id: 'TEXT',
  day: 'TIMESTAMP', prev_day: 'TIMESTAMP', last_run: 'TIMESTAMP', first_at: 'TIMESTAMP', last_at: 'TIMESTAMP',
  rank: 'INTEGER', urls: 'INTEGER',
  runs: 'BIGINT', mentions: 'BIGINT', mentioned: 'BIGINT', citations: 'BIGINT', answer_citations: 'BIGINT', with_own: 'BIGINT',
  rank_sum: 'BIGINT', rank_sq_sum: 'BIGINT',
  sentiment_sum: 'DOUBLE PRECISION', sentiment_sq_sum: 'DOUBLE PRECISION', cost_usd: 'DOUBLE PRECISION',
};

/** The increments of one key, merged: the sums added up, every least / greatest value kept for the database to compare. */
interface KeyRow {
  key: unknown[];
  add: number[];
  least: unknown[][];
  greatest: unknown[][];
}

/** The increments of one table that name the same columns, one row per key. */
interface Batch {
  table: string;
  keys: string[];
  add: string[];
  least: string[];
  greatest: string[];
  rows: KeyRow[];
}

/** A key as text, the same for an increment's values and for the row RETURNING gives back (TIMESTAMP -> ISO string). */
const keyText = (values: unknown[]) => JSON.stringify(values.map((v) => (v instanceof Date ? v.toISOString() : String(v))));

function batchesOf(increments: Increment[]): Batch[] {
  const batches = new Map<string, { batch: Batch; byKey: Map<string, KeyRow> }>();
  for (const inc of increments) {
    const least = inc.least ?? {};
    const greatest = inc.greatest ?? {};
    const shape = { keys: Object.keys(inc.key), add: Object.keys(inc.add), least: Object.keys(least), greatest: Object.keys(greatest) };
    const id = JSON.stringify([inc.table, shape]);
    let entry = batches.get(id);
    if (!entry) {
      entry = { batch: { table: inc.table, ...shape, rows: [] }, byKey: new Map() };
      batches.set(id, entry);
    }
    const key = Object.values(inc.key);
    const row = entry.byKey.get(keyText(key));
    if (row) {
      Object.values(inc.add).forEach((v, i) => (row.add[i] += v));
      Object.values(least).forEach((v, i) => row.least[i].push(v));
      Object.values(greatest).forEach((v, i) => row.greatest[i].push(v));
    } else {
      const fresh = { key, add: Object.values(inc.add), least: Object.values(least).map((v) => [v]), greatest: Object.values(greatest).map((v) => [v]) };
      entry.byKey.set(keyText(key), fresh);
      entry.batch.rows.push(fresh);
    }
  }
  return [...batches.values()].map((e) => e.batch);
}

/** Statement parameters, each cast to its column's type. */
class Params {
  readonly values: unknown[] = [];

  ref(value: unknown, column: string): string {
    const type = COLUMN_TYPES[column];
    if (!type) throw new Error(`No SQL type for rollup column ${column}`);
    this.values.push(value);
    return `CAST($${this.values.length} AS ${type})`;
  }

  /** The smallest (greatest) of a key's values, compared by the database (text by its collation). */
  extreme(fn: 'LEAST' | 'GREATEST', values: unknown[], column: string): string {
    const refs = values.map((v) => this.ref(v, column));
    return refs.length === 1 ? refs[0] : `${fn}(${refs.join(', ')})`;
  }
}

/**
 * Adds a batch to its rows in one UPDATE: the key columns filter the table (a column shared by
 * every key as `=`, the others as `IN`, so DuckDB skips to the brand's day by its zone maps and
 * PostgreSQL reads its index), and each row takes its key's values through a CASE on the columns
 * that tell the keys apart. One scan, no join. Returns the keys it found.
 */
async function updateRows(tx: Db, batch: Batch): Promise<Set<string>> {
  const p = new Params();
  const varying = batch.keys.filter((_, i) => new Set(batch.rows.map((r) => keyText([r.key[i]]))).size > 1);
  const filters = batch.keys.map((column, i) => {
    const distinct = new Map(batch.rows.map((r) => [keyText([r.key[i]]), r.key[i]]));
    const refs = [...distinct.values()].map((v) => p.ref(v, column));
    return refs.length === 1 ? `t.${column} = ${refs[0]}` : `t.${column} IN (${refs.join(', ')})`;
  });
  const matches = batch.rows.map((r) => varying.map((column) => `t.${column} = ${p.ref(r.key[batch.keys.indexOf(column)], column)}`).join(' AND '));
  /** The value of one column for the row being updated: its key's, chosen by a CASE when the batch has several keys. */
  const perKey = (value: (r: KeyRow) => string) =>
    batch.rows.length === 1 ? value(batch.rows[0]) : `CASE ${batch.rows.map((r, k) => `WHEN ${matches[k]} THEN ${value(r)}`).join(' ')} END`;
  const set = [
    ...batch.add.map((c, i) => `${c} = t.${c} + ${perKey((r) => p.ref(r.add[i], c))}`),
    ...batch.least.map((c, i) => `${c} = LEAST(t.${c}, ${perKey((r) => p.extreme('LEAST', r.least[i], c))})`),
    ...batch.greatest.map((c, i) => `${c} = GREATEST(t.${c}, ${perKey((r) => p.extreme('GREATEST', r.greatest[i], c))})`),
  ];
  const where = batch.rows.length === 1 ? filters : [...filters, `(${matches.map((m) => `(${m})`).join(' OR ')})`];
  const updated = await tx.query(
    `UPDATE ${batch.table} AS t SET ${set.join(', ')} WHERE ${where.join(' AND ')} RETURNING ${batch.keys.map((c) => `t.${c}`).join(', ')}`,
    p.values,
  );
  return new Set(updated.map((row) => keyText(batch.keys.map((c) => row[c]))));
}

/** Inserts one row per key in one statement. */
async function insertRows(tx: Db, batch: Batch, rows: KeyRow[]): Promise<void> {
  const p = new Params();
  const tuples = rows.map((r) => [
    ...r.key.map((v, i) => p.ref(v, batch.keys[i])),
    ...r.add.map((v, i) => p.ref(v, batch.add[i])),
    ...r.least.map((vs, i) => p.extreme('LEAST', vs, batch.least[i])),
    ...r.greatest.map((vs, i) => p.extreme('GREATEST', vs, batch.greatest[i])),
  ]);
  const columns = [...batch.keys, ...batch.add, ...batch.least, ...batch.greatest];
  await tx.query(`INSERT INTO ${batch.table} (${columns.join(', ')}) VALUES ${tuples.map((t) => `(${t.join(', ')})`).join(', ')}`, p.values);
}

/**
 * Adds increments to the rollups, per table in at most two statements: one UPDATE adds to the rows
 * the keys already have, one INSERT writes a row for each key it missed. Readers SUM (MIN, MAX)
 * over rows, so the tables need no unique key and an INSERT never conflicts. Two transactions of
 * one brand do not both insert a key: each first moves the brand's facts version
 * (BUMP_FACTS_VERSION), so PostgreSQL makes the second wait for the first to commit, and DuckDB
 * makes it fail and try again.
 */
export async function applyIncrements(tx: Db, increments: Increment[]): Promise<void> {
  for (const batch of batchesOf(increments)) {
    const found = await updateRows(tx, batch);
    const missed = batch.rows.filter((r) => !found.has(keyText(r.key)));
    if (missed.length > 0) await insertRows(tx, batch, missed);
  }
}
