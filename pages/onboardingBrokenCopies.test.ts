import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintPages } from '../engine/lint/lint';

// The onboarding pages' own mistakes, each failing lint on its line: a status panel reading a
// misspelt answer field or address parameter, a locked card without a title, an onboarding frame
// on an /app route.
const DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = join(DIR, '..');

async function located(file: string, edit: (page: any) => void): Promise<{ errors: string[]; lineOf: (needle: string) => number }> {
  const page = JSON.parse(readFileSync(join(DIR, file), 'utf8'));
  edit(page);
  const text = JSON.stringify(page, null, 2);
  const lines = text.split('\n');
  const diagnostics = (await lintPages([{ file: join(DIR, file), text }], { cwd: ROOT })).filter((d) => d.severity === 'error');
  return { errors: diagnostics.map((d) => `${d.rule}@${d.line}`), lineOf: (needle) => lines.findIndex((l) => l.includes(needle)) + 1 };
}

describe('broken copies of the onboarding pages', () => {
  it('payment-verify: a misspelt address parameter and answer fields', async () => {
    const { errors, lineOf } = await located('payment-verify.json', (page) => {
      const panel = page.widgets.verification;
      panel.urlQuery = ['sessionId'];
      panel.outcomes[0].when[0].field = 'verifed';
      panel.outcomes[0].panel.facts[0].field = 'stauts';
    });
    expect(errors).toContain(`answer-fields@${lineOf('"sessionId"')}`);
    expect(errors).toContain(`answer-fields@${lineOf('"verifed"')}`);
    expect(errors).toContain(`answer-fields@${lineOf('"stauts"')}`);
  });

  it('onboarding-snapshot: a locked card without a title', async () => {
    const { errors, lineOf } = await located('onboarding-snapshot.json', (page) => {
      delete page.widgets.shareOfVoice.title;
      page.widgets.shareOfVoice.locked = true;
    });
    const line = lineOf('"shareOfVoice": {');
    expect(errors.some((e) => e.startsWith('locked-untitled@') && Number(e.split('@')[1]) > line)).toBe(true);
  });

  it('onboarding-plans: the pricing frame on an /app route', async () => {
    const { errors, lineOf } = await located('onboarding-plans.json', (page) => {
      page.route = '/app/plans';
    });
    expect(errors).toContain(`shell-route@${lineOf('"shell": "pricing"')}`);
  });
});
