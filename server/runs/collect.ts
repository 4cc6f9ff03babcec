import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDb } from '../db/open';
import type { ServerContext } from '../http/context';
import { ProviderError } from '../providers/errors';
import { isProviderId } from '../providers/registry';
import { parseList } from '../routes/prompts/sql';
import { runSlot, type RunSlotDeps, type RunSlotResult } from './runSlot';
import { loadTrackedEntities } from './tracked';

export interface CollectOptions {
  promptId: string;
  /** only this provider (default: the prompt's providers) */
  provider?: string;
  /** only this country (default: the prompt's locations) */
  country?: string;
}

export const COLLECT_USAGE = 'Usage: npm run collect -- --prompt <id> [--provider openai|perplexity|google|microsoft] [--country DE] [--data-dir DIR]';

/** Reads the command line; throws a message fit for the operator when it is wrong. */
export function parseCollectArgs(argv: string[]): CollectOptions & { dataDir?: string } {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: { prompt: { type: 'string' }, provider: { type: 'string' }, country: { type: 'string' }, 'data-dir': { type: 'string' } },
    }));
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${COLLECT_USAGE}`);
  }
  if (!values.prompt) throw new Error(`--prompt is required\n${COLLECT_USAGE}`);
  if (values.provider && !isProviderId(values.provider)) throw new Error(`Unknown provider "${values.provider}": use openai, perplexity, google or microsoft`);
  if (values.country && !/^[A-Za-z]{2}$/.test(values.country)) throw new Error(`--country takes a two-letter country code such as DE, got "${values.country}"`);
  return { promptId: values.prompt, provider: values.provider, country: values.country?.toUpperCase(), dataDir: values['data-dir'] };
}

function describe(result: RunSlotResult): string {
  const p = result.provenance;
  const parts = [
    p.real ? 'real answer' : 'simulated answer',
    `model ${p.model ?? 'unknown'}`,
    p.webSearch ? 'web search' : 'no web search',
    `country ${p.requestedCountry}`,
    `${p.latencyMs} ms`,
    `tokens ${p.inputTokens ?? '?'} in / ${p.outputTokens ?? '?'} out`,
    `cost ${p.costUsd === null ? 'unknown' : `$${p.costUsd.toFixed(4)}`}`,
  ];
  return parts.join(' · ');
}

/**
 * Runs a prompt now through runSlot (the same path as the job queue) on each chosen provider and
 * country, and prints what was stored: provenance, the brands the answer names and its citations.
 * Returns how many runs failed. Failures are printed, not recorded: the operator sees them here.
 */
export async function collect(ctx: ServerContext, opts: CollectOptions, print: (line: string) => void, deps: RunSlotDeps = {}): Promise<number> {
  const [prompt] = await ctx.db.query<{ id: string; brand_id: string; text: string; providers: string; locations: string }>(
    'SELECT id, brand_id, text, providers, locations FROM prompts WHERE id = $1',
    [opts.promptId],
  );
  if (!prompt) throw new Error(`No prompt with id ${opts.promptId}`);
  const providers = opts.provider ? [opts.provider] : parseList(prompt.providers);
  const countries = opts.country ? [opts.country] : parseList(prompt.locations);
  const tracked = new Set((await loadTrackedEntities(ctx.db, prompt.brand_id)).map((t) => t.name.trim().toLowerCase()));
  const slot = ctx.now().toISOString();
  print(`Prompt ${prompt.id}: "${prompt.text}"`);
  let failed = 0;
  for (const provider of providers) {
    for (const location of countries) {
      print('');
      try {
        const result = await runSlot(ctx, { promptId: prompt.id, provider, location, slot }, deps);
        print(`${provider} · ${location} · ${result.runId}${result.alreadyStored ? ' (already stored)' : ''}`);
        print(`  ${describe(result)}`);
        const mentions = await ctx.db.query<{ entity: string; entity_name: string; rank: number; sentiment: number }>(
          'SELECT entity, entity_name, rank, sentiment FROM mentions WHERE brand_id = $1 AND run_id = $2 ORDER BY rank',
          [prompt.brand_id, result.runId],
        );
        print(`  Mentions (${mentions.length}):`);
        for (const m of mentions) {
          const tag = tracked.has(m.entity) ? ' (tracked)' : '';
          print(`    ${m.rank}. ${m.entity_name}${tag} · sentiment ${Number(m.sentiment).toFixed(2)}`);
        }
        const citations = await ctx.db.query<{ position: number; url: string; domain: string; title: string | null }>(
          'SELECT position, url, domain, title FROM citations WHERE brand_id = $1 AND run_id = $2 ORDER BY position',
          [prompt.brand_id, result.runId],
        );
        print(`  Citations (${citations.length}):`);
        for (const c of citations) print(`    ${c.position}. ${c.url} (${c.domain || 'no domain'})${c.title ? ` · ${c.title}` : ''}`);
      } catch (err) {
        failed++;
        const what = err instanceof ProviderError ? `${err.errorClass}${err.retryAfterMs !== undefined ? ` (retry after ${err.retryAfterMs} ms)` : ''}: ${err.message}` : String(err instanceof Error ? err.message : err);
        print(`${provider} · ${location} · failed · ${what}`);
      }
    }
  }
  return failed;
}

/** npm run collect: opens the configured database (stop the server first with DuckDB: one process owns the file). */
export async function runCollectCli(argv: string[], env: NodeJS.ProcessEnv = process.env, print = (line: string) => console.log(line)): Promise<number> {
  const opts = parseCollectArgs(argv);
  const config = loadConfig(opts.dataDir ? { ...env, DATA_DIR: path.resolve(opts.dataDir) } : env);
  const db = await openDb(config);
  try {
    await migrate(db);
    return await collect({ db, config, now: () => new Date() }, opts, print);
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runCollectCli(process.argv.slice(2)).then(
    (failed) => {
      if (failed > 0) process.exitCode = 1;
    },
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}
