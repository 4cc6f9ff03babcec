import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSeed } from './cli';

describe('seed command', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-cli-'));
  const env = { DATA_DIR: dir } as NodeJS.ProcessEnv;
  const now = new Date('2026-11-21T12:00:00Z');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('seeds an empty DuckDB file, refuses to seed it again, and replaces it with --force', async () => {
    const lines: string[] = [];
    const first = await runSeed(['--scale', '0.05', '--days', '1', '--seed', '3'], env, (l) => lines.push(l), now);
    expect(first!.counts.users).toBe(3);
    expect(first!.counts.runs).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(dir, 'answerscope.duckdb'))).toBe(true);
    expect(lines.some((l) => /^ {2}runs +[\d,]+$/.test(l))).toBe(true);

    await expect(runSeed(['--scale', '0.05', '--days', '1'], env, () => undefined, now)).rejects.toThrow(/already holds data.*--force/);

    const again = await runSeed(['--scale', '0.05', '--days', '1', '--seed', '3', '--force'], env, () => undefined, now);
    expect(again!.counts).toEqual(first!.counts);
  }, 180_000);

  it('adds other tenants with --tenants, each owning one brand', async () => {
    const tenantEnv = { DATA_DIR: path.join(dir, 'tenants') } as NodeJS.ProcessEnv;
    const lines: string[] = [];
    const plain = await runSeed(['--scale', '0.05', '--days', '1', '--seed', '3'], tenantEnv, () => undefined, now);
    const result = await runSeed(['--scale', '0.05', '--days', '1', '--seed', '3', '--tenants', '2', '--force'], tenantEnv, (l) => lines.push(l), now);
    expect(result!.tenants).toBe(2);
    expect(result!.counts.users).toBe(plain!.counts.users + 2);
    expect(result!.counts.brands).toBe(plain!.counts.brands + 2);
    expect(result!.counts.runs).toBeGreaterThan(plain!.counts.runs);
    expect(lines.find((l) => l.startsWith('Seeding'))).toMatch(/2 more tenants/);
    expect(lines.some((l) => /2 tenant logins .*random password/.test(l))).toBe(true);
  }, 180_000);

  it('rejects bad arguments', async () => {
    await expect(runSeed(['--scale', '0'], env)).rejects.toThrow(/Invalid arguments/);
    await expect(runSeed(['--days', 'x'], env)).rejects.toThrow(/Invalid arguments/);
    await expect(runSeed(['--tenants=-1'], env)).rejects.toThrow(/Invalid arguments/);
    await expect(runSeed(['--tenants', '1.5'], env)).rejects.toThrow(/Invalid arguments/);
  });
});
