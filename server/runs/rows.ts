import type { ExtractedAnswer } from '../ingest/index';
import type { Db } from '../db/types';
import type { RunProvenance } from '../providers/provider';

/** Who and where one run belongs to; the fact rows repeat these so every table filters without joins. */
export interface RunMeta {
  id: string;
  brandId: string;
  promptId: string;
  provider: string;
  location: string;
  createdAt: Date;
}

export const RUN_COLUMNS = [
  'brand_id', 'id', 'prompt_id', 'provider', 'location', 'created_at', 'answer_text', 'named_count',
  'model', 'is_real', 'web_search', 'requested_country', 'latency_ms', 'input_tokens', 'output_tokens', 'cost_usd',
];
export const MENTION_COLUMNS = [
  'brand_id', 'run_id', 'prompt_id', 'provider', 'location', 'created_at', 'entity', 'entity_name', 'rank', 'sentiment',
];
export const CITATION_COLUMNS = [
  'brand_id', 'run_id', 'prompt_id', 'provider', 'location', 'created_at',
  'position', 'url', 'domain', 'title', 'author', 'published_at', 'citation_hash',
];

export interface RunRows {
  run: unknown[];
  /** Every brand the answer names, tracked or not: tracking is decided at query time. */
  mentions: unknown[][];
  citations: unknown[][];
}

/** The rows one extracted answer becomes; shared by the bulk demo loader and the single-run path. */
export function buildRunRows(meta: RunMeta, answerText: string, extracted: ExtractedAnswer, provenance: RunProvenance): RunRows {
  const { id, brandId, promptId, provider, location, createdAt } = meta;
  const p = provenance;
  return {
    run: [
      brandId, id, promptId, provider, location, createdAt, answerText, extracted.namedCount,
      p.model, p.real, p.webSearch, p.requestedCountry, Math.round(p.latencyMs), p.inputTokens, p.outputTokens, p.costUsd,
    ],
    mentions: extracted.mentions.map((m) => [
      brandId, id, promptId, provider, location, createdAt, m.entity, m.name, m.rank, m.sentiment,
    ]),
    citations: extracted.citations.map((c) => [
      brandId, id, promptId, provider, location, createdAt,
      c.position, c.url, c.domain, c.title, c.author, c.publishedAt, c.citationHash,
    ]),
  };
}

/**
 * Accumulates rows and bulk-inserts them in big batches (one COPY per table per batch). A batch is
 * written while the next one is being built, so extraction (JavaScript) and COPY (the engine's
 * threads or the PostgreSQL server) overlap; at most one write is in flight.
 */
export class FactBatch {
  runs: unknown[][] = [];
  mentions: unknown[][] = [];
  citations: unknown[][] = [];
  readonly totals = { runs: 0, mentions: 0, citations: 0 };
  /** Time spent writing (ms, overlapping extraction), to tell database cost from generation and extraction cost. */
  writeMs = 0;
  private inFlight: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    /** Write after this many runs. */
    private readonly size = 20_000,
  ) {}

  async add(rows: RunRows): Promise<void> {
    this.runs.push(rows.run);
    for (const m of rows.mentions) this.mentions.push(m);
    for (const c of rows.citations) this.citations.push(c);
    if (this.runs.length >= this.size) await this.flush();
  }

  /** Starts writing the rows gathered so far, after the previous write has finished. */
  async flush(): Promise<void> {
    await this.inFlight;
    const { runs, mentions, citations } = this;
    this.runs = [];
    this.mentions = [];
    this.citations = [];
    const write = async () => {
      const started = performance.now();
      await this.db.bulkInsert('runs', RUN_COLUMNS, runs);
      await this.db.bulkInsert('mentions', MENTION_COLUMNS, mentions);
      await this.db.bulkInsert('citations', CITATION_COLUMNS, citations);
      this.writeMs += performance.now() - started;
      this.totals.runs += runs.length;
      this.totals.mentions += mentions.length;
      this.totals.citations += citations.length;
    };
    this.inFlight = write();
    // Surface a failed write at the next flush or drain, never as an unhandled rejection.
    this.inFlight.catch(() => undefined);
  }

  /** Writes everything left and waits until all writes are done. */
  async drain(): Promise<void> {
    await this.flush();
    await this.inFlight;
  }
}

/** A plain multi-row INSERT with $n parameters, for the few rows of a single run. */
export async function insertRows(db: Db, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  if (rows.length === 0) return;
  const params: unknown[] = [];
  const tuples = rows.map((row) => {
    if (row.length !== columns.length) throw new Error(`${table}: row has ${row.length} values for ${columns.length} columns`);
    return `(${row.map((v) => {
      params.push(v);
      return `$${params.length}`;
    }).join(', ')})`;
  });
  await db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
}
