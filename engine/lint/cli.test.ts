import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURES } from './testSupport';

// The CLI as CI runs it: a real process, its exit code and its streams.
const CLI = join(dirname(fileURLToPath(import.meta.url)), 'cli.ts');

function run(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, '--widgets-dir', 'widgets', '--api-dir', 'api', ...args], {
    cwd: FIXTURES,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('lint:pages CLI', { timeout: 120_000 }, () => {
  it('exits 0 on clean pages', () => {
    const r = run('pages/valid-page.json', 'pages/valid-detail-page.json');
    expect(r.stderr).toContain('0 errors, 0 warnings in 2 files');
    expect(r.stdout.trim()).toBe('');
    expect(r.code).toBe(0);
  });

  it('exits 1 with every error located when a page has errors', () => {
    const r = run('rules/unknown-call/fail.json');
    expect(r.code).toBe(1);
    // the same located lines as the rule's golden file, named relative to the CLI's cwd
    const expected = readFileSync(join(FIXTURES, 'rules/unknown-call/expected.txt'), 'utf8').trim().split('\n');
    expect(expected).toHaveLength(3);
    expect(r.stdout.trim().split('\n')).toEqual(expected.map((l) => `rules/${l}`));
    expect(r.stderr).toContain('3 errors, 0 warnings in 1 file');
  });

  it('lints every .json of a directory and formats as json or sarif', () => {
    const json = run('--format', 'json', 'rules/duplicate-page-id', 'pages');
    expect(json.code).toBe(1);
    const parsed = JSON.parse(json.stdout);
    // fail-a, fail-b and the shared valid page all claim the id 'overview'; the detail page is another
    const dup = parsed.diagnostics.filter((d: { rule: string }) => d.rule === 'duplicate-page-id');
    expect(dup.map((d: { file: string }) => d.file).sort()).toEqual(['pages/valid-page.json', 'rules/duplicate-page-id/fail-a.json', 'rules/duplicate-page-id/fail-b.json']);
    const sarif = run('--format=sarif', 'rules/json-syntax/fail.json');
    expect(sarif.code).toBe(1);
    expect(JSON.parse(sarif.stdout).runs[0].results[0]).toMatchObject({ ruleId: 'json-syntax', level: 'error' });
  });

  it('--help lists every rule and exits 0', () => {
    const r = run('--help');
    expect(r.code).toBe(0);
    for (const id of ['schema', 'unknown-field', 'duplicate-route', 'vega-lite']) expect(r.stdout).toMatch(new RegExp(`^  ${id} +\\S`, 'm'));
  });

  it('exits 2 on usage errors', () => {
    expect(run('--bogus').code).toBe(2);
    expect(run('--format', 'xml', 'pages/valid-page.json').code).toBe(2);
    const missing = run('no/such/page.json');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no such file 'no/such/page.json'");
  });
});
