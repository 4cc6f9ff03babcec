import { randomUUID } from 'node:crypto';
import { transactionWithRetry } from '../db/conflicts';
import type { Db } from '../db/types';
import { extractAnswer, type TrackedEntity } from '../ingest/index';
import { simulatedProvenance, type AnswerContent, type RunProvenance } from '../providers/provider';
import { addRunToRollups } from '../rollups/maintain';
import { buildRunRows, CITATION_COLUMNS, insertRows, MENTION_COLUMNS, RUN_COLUMNS } from './rows';

export interface RunInput {
  brandId: string;
  promptId: string;
  provider: string;
  location: string;
  createdAt: Date;
  /** Without provenance the run is stored as simulated (tests and tools that write answers directly). */
  answer: AnswerContent & { provenance?: RunProvenance };
  /** Defaults to a fresh random id. */
  id?: string;
}

export interface IngestedRun {
  runId: string;
  mentions: number;
  citations: number;
  namedCount: number;
}

export function newRunId(): string {
  return `run_${randomUUID().replace(/-/g, '')}`;
}

/** Tries and first back-off for storing an answer (requests use retryOnConflict's defaults: 6 tries from 5 ms). */
const INGEST_RETRY = { attempts: 10, baseDelayMs: 20 };

/**
 * Stores one provider answer: extracts the brands it names and its citations with the same
 * pipeline as the demo loader, then writes the run, its facts and their rollups in one transaction.
 */
export async function ingestRun(db: Db, input: RunInput, tracked: TrackedEntity[]): Promise<IngestedRun> {
  const extracted = extractAnswer(input.answer, tracked);
  const runId = input.id ?? newRunId();
  const rows = buildRunRows(
    { id: runId, brandId: input.brandId, promptId: input.promptId, provider: input.provider, location: input.location, createdAt: input.createdAt },
    input.answer.answerText,
    extracted,
    input.answer.provenance ?? simulatedProvenance(input.location),
  );
  // Retried as a whole: runs of other prompts on the same day add to the same rollup rows. Storing
  // an answer is background work, so it waits longer than a request would (up to about 10 s over 10
  // tries) rather than lose the answer when a busy machine makes transactions slow and races long.
  await transactionWithRetry(db, async (tx) => {
    await insertRows(tx, 'runs', RUN_COLUMNS, [rows.run]);
    await insertRows(tx, 'mentions', MENTION_COLUMNS, rows.mentions);
    await insertRows(tx, 'citations', CITATION_COLUMNS, rows.citations);
    await addRunToRollups(tx, rows);
  }, INGEST_RETRY);
  return { runId, mentions: rows.mentions.length, citations: rows.citations.length, namedCount: extracted.namedCount };
}
