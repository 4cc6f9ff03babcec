import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LintOptions } from './lint.js';

// Shared by the lint tests: the fixture widget kinds and API catalogue stand in for the real
// schemas/widgets and schemas/api, so the tests do not move when real kinds and calls change.
export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const RULE_FIXTURES = join(FIXTURES, 'rules');

export const fixtureOptions: LintOptions = {
  widgetsDir: join(FIXTURES, 'widgets'),
  apiDir: join(FIXTURES, 'api'),
  cwd: RULE_FIXTURES,
};

/** Rule fixture dirs and their pass/fail files (absolute paths). */
export function ruleFixtures(): { rule: string; pass: string[]; fail: string[]; dir: string }[] {
  return readdirSync(RULE_FIXTURES)
    .sort()
    .map((rule) => {
      const dir = join(RULE_FIXTURES, rule);
      const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
      return {
        rule,
        dir,
        pass: files.filter((f) => f.startsWith('pass')).map((f) => join(dir, f)),
        fail: files.filter((f) => f.startsWith('fail')).map((f) => join(dir, f)),
      };
    });
}
