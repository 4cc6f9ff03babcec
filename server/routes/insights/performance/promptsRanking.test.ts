import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../db/testing';
import type { Dialect } from '../../../db/types';
import { rebuildBrandRollups } from '../../../rollups/rebuild';
import { addDays } from '../../../rollups/tables';
import type { InsightScope } from '../shared/scope';
import { topAndBottomPrompts } from './promptsRanking';

const BRAND = 'brd_r';
const NOW = new Date('2026-11-21T12:00:00Z');
const START = new Date('2026-11-10T00:00:00Z');
const TRACKED = [{ entity: 'acme', name: 'Acme', isOwn: true }];

/**
 * Four prompts whose mention rates round to the same 0.01 in pairs, so the average rank decides:
 * a 99.5074% (202 of 203, rank 1) against a 99.5098% (203 of 204, rank 2), and a 0.4926% (1 of 203,
 * rank 3) against a 0.4902% (1 of 204, rank 1). The top pick is the lower exact rate and the bottom
 * pick the higher one, which a database choosing its candidates by exact rate alone would miss.
 */
const PROMPTS: Array<{ id: string; runs: number; mentions: number; rank: number }> = [
  { id: 'prm_a', runs: 203, mentions: 202, rank: 1 },
  { id: 'prm_b', runs: 204, mentions: 203, rank: 2 },
  { id: 'prm_c', runs: 203, mentions: 1, rank: 3 },
  { id: 'prm_d', runs: 204, mentions: 1, rank: 1 },
];

describe.each<Dialect>(['duckdb', 'postgres'])('the top and bottom prompts from the running totals, on %s', (dialect) => {
  let t: TestDb;

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.bulkInsert('brands', ['id', 'name', 'url', 'location', 'created_by', 'finalized', 'created_at'], [
      [BRAND, 'Acme', 'https://acme.test', 'US', 'usr_1', true, START],
    ]);
    await t.db.bulkInsert(
      'prompts',
      ['id', 'brand_id', 'text', 'frequency_cron', 'providers', 'locations', 'state', 'created_at', 'updated_at'],
      PROMPTS.map((p) => [p.id, BRAND, `Text of ${p.id}`, '0 0 * * *', '["openai"]', '["US"]', 'active', START, START]),
    );
    const runs: unknown[][] = [];
    const mentions: unknown[][] = [];
    for (const p of PROMPTS) {
      for (let i = 0; i < p.runs; i++) {
        // spread over the window's ten days, every run an hour apart within its day
        const at = new Date(addDays(START, i % 10).getTime() + Math.floor(i / 10) * 3_600_000);
        const id = `run_${p.id}_${i}`;
        runs.push([BRAND, id, p.id, 'openai', 'US', at, '', 1]);
        if (i < p.mentions) mentions.push([BRAND, id, p.id, 'openai', 'US', at, 'acme', 'Acme', p.rank, 0.5]);
      }
    }
    await t.db.bulkInsert('runs', ['brand_id', 'id', 'prompt_id', 'provider', 'location', 'created_at', 'answer_text', 'named_count'], runs);
    await t.db.bulkInsert(
      'mentions',
      ['brand_id', 'run_id', 'prompt_id', 'provider', 'location', 'created_at', 'entity', 'entity_name', 'rank', 'sentiment'],
      mentions,
    );
    await t.db.transaction((tx) => rebuildBrandRollups(tx, BRAND, NOW));
  }, 60_000);

  afterAll(async () => {
    await t?.dispose();
  });

  const ranking = (source: 'rollups' | 'raw', limit: number) => {
    const scope: InsightScope = {
      brandId: BRAND, providers: null, locations: null, source,
      current: { start: START, end: addDays(START, 10) },
      previous: { start: addDays(START, -10), end: START },
    };
    return topAndBottomPrompts(t.db, scope, TRACKED, limit, NOW);
  };

  it('picks by the rounded rate, then the average rank, whichever exact rate is higher', async () => {
    const picked = await ranking('rollups', 1);
    expect(picked.map((r) => [r.promptCategory, r.promptId, r.mentionRate, r.avgMentionRank])).toEqual([
      ['top', 'prm_a', 99.51, 1],
      ['bottom', 'prm_c', 0.49, 3],
    ]);
    for (const limit of [1, 2, 3]) expect(await ranking('rollups', limit)).toEqual(await ranking('raw', limit));
  });
});
