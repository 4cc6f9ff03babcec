import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintPages } from '../engine/lint/lint';

// The profile's own kinds reference data too: a usage counter's fields, a brand card's lines and
// logo service path, the avatar upload's call. A copy with one mistake in each fails with one
// located error per mistake, on the line of the mistake.
const DIR = dirname(fileURLToPath(import.meta.url));
const page = JSON.parse(readFileSync(join(DIR, 'profile.json'), 'utf8'));

describe('profile.json broken copy', () => {
  it('locates a mistake in each of its data references', async () => {
    const broken = structuredClone(page);
    broken.widgets.usage.counters[1].used.field = 'planUsage.locationz';
    broken.widgets.brands.card.lines[0].field = 'website';
    broken.widgets.brands.card.logo.service.path = 'data.setting.logoUrlTemplate';
    broken.widgets.identity.upload.call = 'users.me.avatar';
    const text = JSON.stringify(broken, null, 2);
    const lines = text.split('\n');
    const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    const errors = (await lintPages([{ file: join(DIR, 'profile.json'), text }], { cwd: join(DIR, '..') })).filter((d) => d.severity === 'error');
    expect(errors.map((e) => `${e.rule}@${e.line}`).sort()).toEqual(
      [
        `unknown-field@${lineOf('"planUsage.locationz"')}`,
        `unknown-field@${lineOf('"website"')}`,
        `response-path@${lineOf('"data.setting.logoUrlTemplate"')}`,
        `unknown-call@${lineOf('"users.me.avatar"')}`,
      ].sort(),
    );
  });
});
