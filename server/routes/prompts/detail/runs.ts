import type { Db } from '../../../db/types';
import { SqlParams, iso, numOrNull } from '../sql';
import type { PromptRecord } from '../promptRecord';
import type { RunProvenance } from '../../../providers/provider';
import { pickNewestPerProvider } from './newestRuns';

/** One run of a prompt: the provider's answer, the brand's rank in it and its citations. */
export interface PromptRun {
  runId: string;
  provider: string;
  runLocation: string;
  createdAt: string;
  brandMentionRank: number | null;
  totalCitations: number;
  isMentioned: boolean;
  responseText: string;
  citationsList: Array<{ url: string; author: string | null; domain: string }>;
  /** How the answer was obtained (real provider or simulated, model, tokens, cost…). */
  provenance: RunProvenance;
}

export interface RunQuery {
  /** inclusive; null = since the first run */
  start: Date | null;
  /** exclusive */
  end: Date;
  locations: string[] | null;
  /** newest runs kept: overall, or per provider when perProvider */
  limit: number;
  perProvider?: boolean;
}

export interface PickedRun {
  id: string;
  provider: string;
  location: string;
  createdAt: string;
}

/**
 * The prompt's runs, newest first, with the own brand's rank and each run's citations. With
 * perProvider the limit applies to each provider (the latest-responses tabs).
 *
 * Two steps: pick the run ids from narrow columns first, then read answer texts, ranks and
 * citations for those ids only, bounded by the picked runs' time span so DuckDB prunes by its
 * min/max zone maps instead of reading every answer text of the prompt (10x faster at scale 1).
 * Without a start, DuckDB looks for each provider's newest runs in a recent span first
 * (pickNewestPerProvider), so the cost follows that span rather than the prompt's whole history.
 * PostgreSQL reads the prompt's runs by its (prompt_id, created_at) index; the span's extra
 * statement made it slower (benchAb scale 10: latest responses 1.34x the time).
 */
export async function loadPromptRuns(db: Db, prompt: PromptRecord, ownEntity: string, q: RunQuery): Promise<PromptRun[]> {
  const pick = (since: Date | null) => pickRuns(db, prompt, q, since);
  const recentFirst = db.dialect === 'duckdb' && q.start === null && q.perProvider;
  const picked = recentFirst ? await pickNewestPerProvider(db, prompt, q, pick) : await pick(q.start);
  const details = await loadRunDetails(db, prompt, ownEntity, picked);
  return picked.map((run) => {
    const d = details.get(run.id);
    const rank = d?.rank ?? null;
    const list = d?.citations ?? [];
    return {
      runId: run.id,
      provider: run.provider,
      runLocation: run.location,
      createdAt: run.createdAt,
      brandMentionRank: rank,
      totalCitations: list.length,
      isMentioned: rank !== null,
      responseText: d?.text ?? '',
      citationsList: list,
      provenance: d?.provenance ?? provenanceOf({ location: run.location }),
    };
  });
}

/** The newest runs of [since, q.end) (since null: of the whole history), `q.limit` of them overall or per provider. */
async function pickRuns(db: Db, prompt: PromptRecord, q: RunQuery, since: Date | null): Promise<PickedRun[]> {
  const p = new SqlParams();
  const brand = p.add(prompt.brandId);
  const id = p.add(prompt.id);
  const end = p.time(q.end);
  const start = since ? `AND r.created_at >= ${p.time(since)}` : '';
  const locationFilter = p.in('r.location', q.locations);
  const limit = p.add(q.limit);
  const partition = q.perProvider ? 'PARTITION BY r.provider ' : '';
  const rows = await db.query(
    `SELECT id, provider, location, created_at FROM (
       SELECT r.id, r.provider, r.location, r.created_at,
              ROW_NUMBER() OVER (${partition}ORDER BY r.created_at DESC, r.id DESC) AS n
         FROM runs r
        WHERE r.brand_id = ${brand} AND r.prompt_id = ${id} AND r.created_at < ${end} ${start} AND ${locationFilter}
     ) picked
      WHERE n <= ${limit}
      ORDER BY created_at DESC, id DESC`,
    p.values,
  );
  return rows.map((row) => ({
    id: String(row.id),
    provider: String(row.provider),
    location: String(row.location),
    createdAt: iso(row.created_at),
  }));
}

const DETAIL_BATCH = 500;

/** A stored run's provenance; runs from before provenance was recorded read as simulated (the column defaults). */
function provenanceOf(row: Record<string, unknown>): RunProvenance {
  const count = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    model: row.model === null || row.model === undefined ? null : String(row.model),
    real: row.is_real === true,
    webSearch: row.web_search === true,
    requestedCountry: String(row.requested_country ?? row.location ?? ''),
    latencyMs: Number(row.latency_ms ?? 0),
    inputTokens: count(row.input_tokens),
    outputTokens: count(row.output_tokens),
    costUsd: count(row.cost_usd),
  };
}

interface RunDetail {
  provenance?: RunProvenance;
  text: string;
  rank: number | null;
  citations: PromptRun['citationsList'];
}

const RUN_TEXT_COLUMNS =
  'r.id, r.answer_text, r.location, r.model, r.is_real, r.web_search, r.requested_country, r.latency_ms, r.input_tokens, r.output_tokens, r.cost_usd';

/**
 * The picked runs' answer texts and provenance on DuckDB, read through the runs' primary-key index.
 * DuckDB uses that index only when the id list is the scan's one filter; with the brand and time
 * filters beside it, it scans every row of the time span and decompresses the long answer_text of
 * each vector holding a picked run (20-50 ms for 40 runs at scale 10, against 5 by the index). So the
 * ids are looked up under a LIMIT, which no filter crosses, and the brand and prompt are checked on
 * the rows found (ids are unique: at most one row each, so the LIMIT drops none).
 */
async function runTextsByKey(db: Db, prompt: PromptRecord, batch: PickedRun[]) {
  const p = new SqlParams();
  const ids = p.in('r.id', batch.map((r) => r.id));
  const limit = p.add(batch.length);
  return db.query(
    `SELECT * FROM (SELECT r.brand_id, r.prompt_id, ${RUN_TEXT_COLUMNS} FROM runs r WHERE ${ids} LIMIT ${limit}) r
      WHERE r.brand_id = ${p.add(prompt.brandId)} AND r.prompt_id = ${p.add(prompt.id)}`,
    p.values,
  );
}

/** Answer text, own-brand rank and citations of the picked runs. */
async function loadRunDetails(db: Db, prompt: PromptRecord, ownEntity: string, picked: PickedRun[]): Promise<Map<string, RunDetail>> {
  const out = new Map<string, RunDetail>();
  for (const run of picked) out.set(run.id, { text: '', rank: null, citations: [] });
  for (let i = 0; i < picked.length; i += DETAIL_BATCH) {
    const batch = picked.slice(i, i + DETAIL_BATCH);
    const times = batch.map((r) => r.createdAt).sort();
    // Each statement gets its own parameter list (PostgreSQL refuses unused parameters).
    const scoped = (alias: string, idColumn: string, extra?: (p: SqlParams) => string) => {
      const p = new SqlParams();
      const where = `${alias}.brand_id = ${p.add(prompt.brandId)} AND ${alias}.prompt_id = ${p.add(prompt.id)}
        AND ${alias}.created_at >= ${p.time(new Date(times[0]))} AND ${alias}.created_at <= ${p.time(new Date(times[times.length - 1]))}
        AND ${p.in(`${alias}.${idColumn}`, batch.map((r) => r.id))}${extra ? ` AND ${extra(p)}` : ''}`;
      return { p, where };
    };
    const texts = scoped('r', 'id');
    const ranks = scoped('m', 'run_id', (p) => `m.entity = ${p.add(ownEntity)}`);
    const cites = scoped('c', 'run_id');
    const [textRows, rankRows, citationRows] = await Promise.all([
      db.dialect === 'duckdb' ? runTextsByKey(db, prompt, batch) : db.query(`SELECT ${RUN_TEXT_COLUMNS} FROM runs r WHERE ${texts.where}`, texts.p.values),
      db.query(`SELECT m.run_id, m.rank FROM mentions m WHERE ${ranks.where}`, ranks.p.values),
      db.query(`SELECT c.run_id, c.url, c.author, c.domain FROM citations c WHERE ${cites.where} ORDER BY c.run_id, c.position`, cites.p.values),
    ]);
    for (const row of textRows) {
      const d = out.get(String(row.id))!;
      d.text = String(row.answer_text);
      d.provenance = provenanceOf(row);
    }
    for (const row of rankRows) out.get(String(row.run_id))!.rank = numOrNull(row.rank);
    for (const row of citationRows) {
      out.get(String(row.run_id))!.citations.push({
        url: String(row.url),
        author: row.author === null ? null : String(row.author),
        domain: String(row.domain),
      });
    }
  }
  return out;
}

/** Runs grouped by their UTC day (yyyy-mm-dd), newest day first, runs newest first within a day. */
export function groupByDay(runs: PromptRun[]): Record<string, PromptRun[]> {
  const out: Record<string, PromptRun[]> = {};
  for (const run of runs) (out[run.createdAt.slice(0, 10)] ??= []).push(run);
  return out;
}

/** Runs keyed by provider: the prompt's providers first (possibly empty lists), then any other. */
export function groupByProvider(runs: PromptRun[], providers: string[]): Record<string, PromptRun[]> {
  const out: Record<string, PromptRun[]> = {};
  for (const provider of providers) out[provider] = [];
  for (const run of runs) (out[run.provider] ??= []).push(run);
  return out;
}

