import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPageValidator } from '../../engine/schema/validator';

// Each widget kind ships valid and invalid config fixtures (widgets/<kind>/fixtures); the composed
// page schema must accept the valid one and reject the invalid one. The overview page must pass.
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const kinds = readdirSync(join(root, 'schemas/widgets'))
  .filter((f) => f.endsWith('.schema.json'))
  .map((f) => f.replace('.schema.json', ''));

function pageWith(widget: unknown) {
  return { version: 1, id: 't', route: '/t', title: 'T', widgets: { w: widget }, layout: [{ items: [{ widget: 'w' }] }] };
}

describe('widget kind schemas', () => {
  const { validate, composed } = createPageValidator();

  it('compose without problems', () => {
    expect(composed.problems).toEqual([]);
    expect(composed.kinds.map((k) => k.kind).sort()).toEqual([...kinds].sort());
  });

  for (const kind of kinds) {
    it(`${kind}: valid fixture passes, invalid fixture fails`, () => {
      const dir = join(root, 'widgets', kind, 'fixtures');
      expect(existsSync(join(dir, 'valid.json'))).toBe(true);
      const valid = JSON.parse(readFileSync(join(dir, 'valid.json'), 'utf8'));
      const ok = validate(pageWith(valid));
      expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
      expect(ok).toBe(true);
      const invalid = JSON.parse(readFileSync(join(dir, 'invalid.json'), 'utf8'));
      expect(validate(pageWith(invalid))).toBe(false);
    });
  }

  it('pages/overview.json validates', () => {
    const page = JSON.parse(readFileSync(join(root, 'pages/overview.json'), 'utf8'));
    validate(page);
    expect(validate.errors ?? []).toEqual([]);
  });
});
