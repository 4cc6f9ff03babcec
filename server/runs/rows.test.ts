import { describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { simulatedProvenance } from '../providers/provider';
import { buildRunRows, FactBatch, RUN_COLUMNS, MENTION_COLUMNS, CITATION_COLUMNS } from './rows';

const meta = { id: 'run_1', brandId: 'brd_a', promptId: 'prm_a', provider: 'openai', location: 'US', createdAt: new Date('2026-11-21T00:00:00Z') };
const extracted = {
  namedCount: 2,
  mentions: [
    { entity: 'acme', name: 'Acme', rank: 1, sentiment: 0.5, tracked: true },
    { entity: 'wrike', name: 'Wrike', rank: 2, sentiment: 0, tracked: false },
  ],
  citations: [{ position: 1, url: 'https://g2.com/x', domain: 'g2.com', title: 'T', author: null, publishedAt: null, citationHash: 'h' }],
};

function recordingDb(failOn?: string) {
  const writes: { table: string; rows: number }[] = [];
  const db = {
    async bulkInsert(table: string, columns: string[], rows: unknown[][]) {
      if (table === failOn) throw new Error(`cannot write ${table}`);
      for (const r of rows) expect(r).toHaveLength(columns.length);
      writes.push({ table, rows: rows.length });
    },
  } as unknown as Db;
  return { db, writes };
}

describe('run rows', () => {
  it('builds one row per table column, keeping untracked mentions', () => {
    const rows = buildRunRows(meta, 'text', extracted, simulatedProvenance('US'));
    expect(rows.run).toHaveLength(RUN_COLUMNS.length);
    expect(rows.mentions.map((m) => m[MENTION_COLUMNS.indexOf('entity')])).toEqual(['acme', 'wrike']);
    expect(rows.citations[0][CITATION_COLUMNS.indexOf('domain')]).toBe('g2.com');
  });

  it('writes in batches and reports totals after draining', async () => {
    const { db, writes } = recordingDb();
    const batch = new FactBatch(db, 2);
    for (let i = 0; i < 5; i++) await batch.add(buildRunRows({ ...meta, id: `run_${i}` }, 'text', extracted, simulatedProvenance('US')));
    await batch.drain();
    expect(batch.totals).toEqual({ runs: 5, mentions: 10, citations: 5 });
    expect(writes.filter((w) => w.table === 'runs').map((w) => w.rows)).toEqual([2, 2, 1]);
  });

  it('surfaces a failed write instead of losing it', async () => {
    const { db } = recordingDb('mentions');
    const batch = new FactBatch(db, 1);
    await batch.add(buildRunRows(meta, 'text', extracted, simulatedProvenance('US')));
    await expect(batch.drain()).rejects.toThrow('cannot write mentions');
  });
});
