// Where each table lives on a Citus cluster (docs/scaling.md explains the choice).

/** The fact tables, distributed by brand_id and colocated. */
export const FACT_TABLES = ['runs', 'mentions', 'citations'] as const;

/**
 * Distributed by brand_id, colocated with the fact tables: the facts, the failed runs, their daily rollups (every
 * `rollup_*` table, so a new rollup is covered without touching this list) and the brand's facts
 * version that moves with them.
 */
export function isDistributed(table: string): boolean {
  return (FACT_TABLES as readonly string[]).includes(table) || table.startsWith('rollup_') || table === 'brand_facts_versions' || table === 'failed_runs';
}

/**
 * Replicated to every node: small, bounded by plan limits, written rarely, and read by id or by
 * user across brands (access checks), so any shard can join them locally.
 */
export const REFERENCE_TABLES = ['brands', 'brand_members', 'competitors', 'prompts', 'plans'] as const;

export function isReference(table: string): boolean {
  return (REFERENCE_TABLES as readonly string[]).includes(table);
}

/** Everything else (users, sessions, billing, outbox…) stays a plain table on the coordinator. */
export function isCoordinatorLocal(table: string): boolean {
  return !isDistributed(table) && !isReference(table);
}
