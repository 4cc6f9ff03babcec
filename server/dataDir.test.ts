import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StartupError } from './config';
import { prepareDataDir, tightenDataDir } from './dataDir';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'datadir-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const mode = (p: string) => (fs.lstatSync(p).mode & 0o777).toString(8);

describe('DATA_DIR checks', () => {
  it('creates a missing folder 0700 only when asked to, and refuses a file or a path through a file', () => {
    const missing = path.join(root, 'a', 'b');
    expect(() => prepareDataDir(missing, { create: false })).toThrow(StartupError);
    expect(fs.existsSync(missing)).toBe(false);
    prepareDataDir(missing, { create: true });
    expect(mode(missing)).toBe('700');
    expect(fs.readdirSync(missing)).toEqual([]); // the write probe is gone

    const file = path.join(root, 'file');
    fs.writeFileSync(file, 'x');
    expect(() => prepareDataDir(file, { create: true })).toThrow(/is not a directory/);
    expect(() => prepareDataDir(path.join(file, 'below'), { create: true })).toThrow(/is not a directory/);
  });

  it('takes group and world access away from every file and folder, leaving symbolic links alone', () => {
    const dir = path.join(root, 'loose');
    fs.mkdirSync(path.join(dir, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'answerscope.duckdb'), 'db');
    fs.writeFileSync(path.join(dir, 'uploads', 'me.png'), 'png');
    fs.writeFileSync(path.join(root, 'outside'), 'x');
    fs.chmodSync(path.join(root, 'outside'), 0o644);
    fs.symlinkSync(path.join(root, 'outside'), path.join(dir, 'link'));
    for (const p of [dir, path.join(dir, 'uploads')]) fs.chmodSync(p, 0o755);
    for (const p of ['answerscope.duckdb', 'uploads/me.png']) fs.chmodSync(path.join(dir, p), 0o644);

    expect(
      tightenDataDir(dir)
        .changed.map((p) => path.relative(dir, p))
        .sort(),
    ).toEqual(['', 'answerscope.duckdb', 'uploads', 'uploads/me.png']);
    expect([dir, path.join(dir, 'uploads')].map(mode)).toEqual(['700', '700']);
    expect(['answerscope.duckdb', 'uploads/me.png'].map((p) => mode(path.join(dir, p)))).toEqual(['600', '600']);
    expect(mode(path.join(root, 'outside'))).toBe('644');
    expect(tightenDataDir(dir)).toEqual({ changed: [], failed: [] });
  });
});
