import type { Db } from '../db/types';
import type { RunRows } from '../runs/rows';
import { BUMP_FACTS_VERSION, OWN_ENTITY_OF, utcDay } from './tables';

/** One rollup row's key columns, the sums to add to it and the columns that keep their greatest value. */
interface Increment {
  table: string;
  key: Record<string, unknown>;
  add: Record<string, number>;
  /** Columns that keep the smallest value seen (first sighting, name). */
  least?: Record<string, unknown>;
  /** Columns that keep the largest value seen (last sighting). */
  greatest?: Record<string, unknown>;
}

/**
 * Adds to the key's row (and lowers or raises its least / greatest columns), or inserts one when the
 * key has none yet. Readers SUM (MIN, MAX) over rows, so two transactions that both insert a new key
 * at once leave two rows and the totals stay exact.
 */
async function increment(tx: Db, { table, key, add, least = {}, greatest = {} }: Increment): Promise<void> {
  const keyCols = Object.keys(key);
  const params = [...Object.values(key), ...Object.values(add), ...Object.values(least), ...Object.values(greatest)];
  const setters = [
    ...Object.keys(add).map((c) => (i: number) => `${c} = ${c} + $${i}`),
    ...Object.keys(least).map((c) => (i: number) => `${c} = LEAST(${c}, $${i})`),
    ...Object.keys(greatest).map((c) => (i: number) => `${c} = GREATEST(${c}, $${i})`),
  ];
  const set = setters.map((s, i) => s(keyCols.length + i + 1)).join(', ');
  const where = keyCols.map((c, i) => `${c} = $${i + 1}`).join(' AND ');
  const updated = await tx.query(`UPDATE ${table} SET ${set} WHERE ${where} RETURNING 1 AS hit`, params);
  if (updated.length > 0) return;
  const cols = [...keyCols, ...Object.keys(add), ...Object.keys(least), ...Object.keys(greatest)];
  await tx.query(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`, params);
}

/** The rollup increments one stored run makes; `ownEntity` is the brand's own entity key. */
export function runIncrements(rows: RunRows, ownEntity: string): Increment[] {
  const [brandId, , promptId, provider, location, createdAt] = rows.run as [string, string, string, string, string, Date];
  const day = utcDay(new Date(createdAt));
  const base = { brand_id: brandId, day, provider, location };
  const out: Increment[] = [{ table: 'rollup_runs_daily', key: base, add: { runs: 1 } }];

  const citations = rows.citations.length;
  const entities = rows.mentions.map((m) => ({
    entity: String(m[6]),
    name: String(m[7]),
    rank: Number(m[8]),
    sentiment: Number(m[9]),
  }));
  const namesOwn = entities.some((m) => m.entity === ownEntity) ? 1 : 0;
  // An answer names each brand once (extraction keeps one mention per entity), so at most one own mention.
  const own = entities.find((m) => m.entity === ownEntity);
  out.push({
    table: 'rollup_prompts_daily',
    key: { brand_id: brandId, day, prompt_id: promptId },
    add: {
      runs: 1,
      mentioned: own ? 1 : 0,
      rank_sum: own?.rank ?? 0,
      rank_sq_sum: own ? own.rank * own.rank : 0,
      sentiment_sum: own?.sentiment ?? 0,
      sentiment_sq_sum: own ? own.sentiment * own.sentiment : 0,
    },
    greatest: { last_run: new Date(createdAt) },
  });
  for (const m of entities) {
    out.push({
      table: 'rollup_entity_names_daily',
      key: { brand_id: brandId, day, entity: m.entity, entity_name: m.name },
      add: { mentions: 1 },
    });
  }
  for (const m of entities) {
    out.push({
      table: 'rollup_mentions_daily',
      key: { ...base, entity: m.entity },
      add: {
        mentions: 1,
        rank_sum: m.rank,
        sentiment_sum: m.sentiment,
        answer_citations: citations,
        with_own: namesOwn,
        rank_sq_sum: m.rank * m.rank,
        sentiment_sq_sum: m.sentiment * m.sentiment,
      },
    });
  }

  const perDomain = new Map<string, Increment>();
  for (const c of rows.citations) {
    const domain = String(c[8]);
    const inc = perDomain.get(domain) ?? { table: 'rollup_citations_daily', key: { ...base, domain }, add: { citations: 0 } };
    inc.add.citations++;
    perDomain.set(domain, inc);
  }
  return [...out, ...perDomain.values(), ...entityIncrements(rows, namesOwn)];
}

/** The per-entity rollups (by day and rank; by prompt) of one run; `namesOwn` = 1 when the answer names the own brand. */
function entityIncrements(rows: RunRows, namesOwn: number): Increment[] {
  const [brandId, , , , , createdAt] = rows.run as [string, string, string, string, string, Date];
  const at = new Date(createdAt);
  const day = utcDay(at);
  return rows.mentions.flatMap((m): Increment[] => {
    const key = { brand_id: brandId, day, entity: String(m[6]) };
    return [
      {
        table: 'rollup_entity_ranks_daily',
        key: { ...key, rank: Number(m[8]) },
        add: { mentions: 1, with_own: namesOwn },
        least: { entity_name: String(m[7]), first_at: at },
        greatest: { last_at: at },
      },
      {
        table: 'rollup_entity_prompts',
        key: { brand_id: brandId, entity: String(m[6]), prompt_id: String(m[2]) },
        add: {},
        least: { first_at: at },
        greatest: { last_at: at },
      },
    ];
  });
}

/**
 * Adds one just-ingested run to the rollups, inside the transaction that inserts its facts, so the
 * rollups never count a run that is not stored (or miss one that is). A late run lands on its own
 * day; a run stored twice is refused by the runs primary key before anything is counted twice.
 */
export async function addRunToRollups(tx: Db, rows: RunRows): Promise<void> {
  const [brandId] = rows.run as [string];
  await tx.query(BUMP_FACTS_VERSION, [brandId]);
  const [brand] = await tx.query<{ own: string }>(`SELECT ${OWN_ENTITY_OF('b')} AS own FROM brands b WHERE b.id = $1`, [brandId]);
  for (const inc of runIncrements(rows, brand?.own ?? '')) await increment(tx, inc);
}
