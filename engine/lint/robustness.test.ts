import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintPages } from './lint';
import { RULE_FIXTURES, VALID_PAGE, fixtureOptions } from './testSupport';
import type { Diagnostic } from './diagnostic';

// lint:pages must never crash, whatever it is fed: random JSON values, random text, and valid
// pages with random parts replaced by random JSON. Every run ends in diagnostics (or none), each
// located at a real position, and no rule ever fails internally.

function wellFormed(diagnostics: Diagnostic[], text: string) {
  const lines = text.split(/\r\n|\r|\n/).length;
  for (const d of diagnostics) {
    expect(d.rule).not.toBe('internal');
    expect(d.line).toBeGreaterThanOrEqual(1);
    expect(d.line).toBeLessThanOrEqual(lines);
    expect(d.column).toBeGreaterThanOrEqual(1);
    expect(typeof d.message).toBe('string');
  }
}

const base = JSON.parse(readFileSync(VALID_PAGE, 'utf8'));

/** Every path into a JSON value (objects and arrays), the root included. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...prefix, i])));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...prefix, k]));
  return out;
}
const basePaths = paths(base).filter((p) => p.length > 0);

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const seg of path.slice(0, -1)) node = node[seg] as Record<string | number, unknown>;
  node[path[path.length - 1]] = replacement;
  return copy;
}

describe('lint never crashes', () => {
  // counterexamples fast-check once found, kept as fixed cases
  it.each([
    [['filters', 'controls', 0, 'presets'], [{}, {}]], // uniqueItems over prototype-less objects
    [['widgets', 'prompts', 'data', 'call'], {}], // a call id that is an object
  ] as [(string | number)[], unknown][])('on %j = %j', async (path, replacement) => {
    const text = JSON.stringify(replaceAt(base, path, replacement), null, 2);
    const diagnostics = await lintPages([{ file: 'case.json', text }], fixtureOptions);
    wellFormed(diagnostics, text);
    expect(diagnostics.length).toBeGreaterThan(0);
  });

  it('on a "__proto__" widget id (data, never a prototype)', async () => {
    const text = JSON.stringify(base, null, 2).replace('"widgets": {', '"widgets": {"__proto__": {"type": "metric"},');
    const diagnostics = await lintPages([{ file: 'case.json', text }], fixtureOptions);
    wellFormed(diagnostics, text);
    expect(diagnostics.map((d) => `${d.rule} ${d.widget}`)).toEqual(expect.arrayContaining(['schema __proto__', 'unplaced-widget __proto__']));
  });

  it('on random JSON values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const text = JSON.stringify(value) ?? 'null';
        const diagnostics = await lintPages([{ file: 'random.json', text }], fixtureOptions);
        wellFormed(diagnostics, text);
        // anything but a page object fails the schema
        if (value === null || typeof value !== 'object' || Array.isArray(value)) expect(diagnostics.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  }, 180_000);

  it('on random text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('', '{', '{"a":', '[1,]', '/* x */ {}', '\u0000', '{"widgets": {"a": 1, "a": 2}}')), async (text) => {
        const diagnostics = await lintPages([{ file: 'random.json', text }], fixtureOptions);
        wellFormed(diagnostics, text);
        expect(diagnostics.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  }, 180_000);

  it('on the real pages, schemas and catalogue with any part replaced by random JSON', async () => {
    const real = join(RULE_FIXTURES, '../../../../pages/overview.json');
    if (!existsSync(real)) return; // nothing to mutate yet
    const page = JSON.parse(readFileSync(real, 'utf8'));
    const realPaths = paths(page).filter((p) => p.length > 0);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...realPaths), fc.jsonValue({ maxDepth: 3 }), async (path, replacement) => {
        const text = JSON.stringify(replaceAt(page, path, replacement), null, 2);
        const diagnostics = await lintPages([{ file: 'overview.json', text }]);
        wellFormed(diagnostics, text);
      }),
      { numRuns: 100 },
    );
  }, 180_000);

  it('on valid pages with any part replaced by random JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...basePaths), fc.jsonValue({ maxDepth: 3 }), async (path, replacement) => {
        const text = JSON.stringify(replaceAt(base, path, replacement), null, 2);
        const diagnostics = await lintPages([{ file: 'mutated.json', text }], fixtureOptions);
        wellFormed(diagnostics, text);
      }),
      { numRuns: 200 },
    );
  }, 180_000);
});
