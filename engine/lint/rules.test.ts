import { describe, expect, it } from 'vitest';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { lintFiles } from './lint';
import { formatText } from './format/text';
import { RULES, BUILTIN_RULES } from './rules/index';
import { fixtureOptions, ruleFixtures } from './testSupport';

// Every rule has fixtures/rules/<rule-id>/ with failing pages; its passing pages are the shared
// fixtures/pages/ plus any pass*.json of its own (see testSupport). Pages of one set are linted
// together (the cross-file rules need two). The failing output is compared line by line
// with expected.txt, so file:line:col, widget id, message and "did you mean" are all pinned.

const fixtures = ruleFixtures();

describe('rule fixtures', { timeout: 120_000 }, () => {
  it('exist for every semantic rule and for json-syntax and schema', () => {
    const dirs = fixtures.map((f) => f.rule);
    for (const id of [...RULES.map((r) => r.id), 'json-syntax', 'schema']) {
      expect(dirs, `fixtures/rules/${id}`).toContain(id);
      const f = fixtures.find((x) => x.rule === id)!;
      expect(f.pass.length, `${id} has a passing fixture`).toBeGreaterThan(0);
      expect(f.fail.length, `${id} has a failing fixture`).toBeGreaterThan(0);
    }
    const known = new Set([...RULES.map((r) => r.id), ...BUILTIN_RULES.map((r) => r.id)]);
    for (const d of dirs) expect(known.has(d), `fixtures/rules/${d} names a rule`).toBe(true);
  });

  for (const { rule, pass, fail, dir } of fixtures) {
    describe(rule, () => {
      it('passing fixtures produce no diagnostics at all', async () => {
        const diagnostics = await lintFiles(pass, fixtureOptions);
        expect(formatText(diagnostics)).toBe('');
      });

      it('failing fixtures report this rule, located as in expected.txt', async () => {
        const diagnostics = await lintFiles(fail, fixtureOptions);
        expect(diagnostics.some((d) => d.rule === rule)).toBe(true);
        const expectedPath = join(dir, 'expected.txt');
        expect(existsSync(expectedPath), `${expectedPath} exists`).toBe(true);
        expect(formatText(diagnostics) + '\n').toBe(readFileSync(expectedPath, 'utf8'));
      });
    });
  }
});
