import type { Db } from '../db/types';
import { RUN_COLUMNS, type RunRows } from '../runs/rows';
import { applyIncrements, type Increment } from './increments';
import { BUMP_FACTS_VERSION, OWN_ENTITY_OF, utcDay } from './tables';
import { addRunToPromptTotals } from './promptTotals';
import { addRunToUrlGaps, urlGapsKeptOn } from './urlGaps';

/** The rollup increments one stored run makes; `ownEntity` is the brand's own entity key. */
export function runIncrements(rows: RunRows, ownEntity: string): Increment[] {
  const [brandId, , promptId, provider, location, createdAt] = rows.run as [string, string, string, string, string, Date];
  const costUsd = Number(rows.run[RUN_COLUMNS.indexOf('cost_usd')] ?? 0);
  const day = utcDay(new Date(createdAt));
  const base = { brand_id: brandId, day, provider, location };
  const out: Increment[] = [{ table: 'rollup_runs_daily', key: base, add: { runs: 1, cost_usd: costUsd } }];

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
  out.push({
    table: 'rollup_prompt_last_runs',
    key: { brand_id: brandId, prompt_id: promptId },
    add: {},
    greatest: { last_run: new Date(createdAt) },
  });
  out.push({
    table: 'rollup_prompt_providers',
    key: { brand_id: brandId, prompt_id: promptId, provider, location },
    add: {},
    least: { first_at: new Date(createdAt) },
    greatest: { last_at: new Date(createdAt) },
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
    const inc = perDomain.get(domain) ?? { table: 'rollup_citations_daily', key: { ...base, domain }, add: { citations: 0, with_own: 0 } };
    inc.add.citations++;
    inc.add.with_own += namesOwn;
    perDomain.set(domain, inc);
  }
  return [...out, ...perDomain.values(), ...authorIncrements(base, rows), ...entityIncrements(rows, namesOwn)];
}

/**
 * rollup_citation_authors_daily: the run's citations per domain and author, only those with a
 * domain and an author (NULL and '' authors are left out, as the reader ignores them; migration 026).
 */
function authorIncrements(base: Record<string, unknown>, rows: RunRows): Increment[] {
  const perKey = new Map<string, Increment>();
  for (const c of rows.citations) {
    const domain = String(c[8]);
    const author = c[10]; // CITATION_COLUMNS: 8 = domain, 10 = author
    if (domain === '' || author === null || author === undefined || author === '') continue;
    const key = JSON.stringify([domain, String(author)]);
    const inc = perKey.get(key) ?? { table: 'rollup_citation_authors_daily', key: { ...base, domain, author: String(author) }, add: { citations: 0 } };
    inc.add.citations++;
    perKey.set(key, inc);
  }
  return [...perKey.values()];
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
  await applyIncrements(tx, runIncrements(rows, brand?.own ?? ''));
  await addRunToPromptTotals(tx, rows, brand?.own ?? '');
  if (urlGapsKeptOn(tx.dialect)) await addRunToUrlGaps(tx, rows);
}
