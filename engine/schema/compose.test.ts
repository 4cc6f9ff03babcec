import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composePageSchema } from './compose';
import { createPageValidator } from './validator';

const FIXTURE_WIDGETS = join(dirname(fileURLToPath(import.meta.url)), '../lint/fixtures/widgets');

const page = (widgets: Record<string, unknown>) => ({
  version: 1,
  id: 'p',
  route: '/app/p',
  title: 'P',
  widgets,
  layout: [{ items: Object.keys(widgets).map((widget) => ({ widget })) }],
});

describe('composePageSchema', () => {
  it('composes one discriminated branch per kind file', () => {
    const composed = composePageSchema({ widgetsDir: FIXTURE_WIDGETS });
    expect(composed.kinds.map((k) => k.kind)).toEqual(['chart', 'metric', 'table', 'wizard']);
    expect(composed.problems).toEqual([]);
    const widget = (composed.page.definitions as Record<string, { allOf: unknown[] }>).widget;
    expect(widget.allOf).toHaveLength(4);
  });

  it("checks a widget only against its own kind's schema", () => {
    const { validate } = createPageValidator({ widgetsDir: FIXTURE_WIDGETS });
    expect(validate(page({ a: { type: 'metric', field: 'x' } }))).toBe(true);
    expect(validate(page({ a: { type: 'metric', columns: [] } }))).toBe(false);
    // errors come from the metric branch only: nothing about table or chart fields
    const messages = (validate.errors ?? []).filter((e) => e.keyword !== 'if').map((e) => `${e.instancePath} ${e.keyword} ${JSON.stringify(e.params)}`);
    expect(messages).toEqual(['/widgets/a required {"missingProperty":"field"}', '/widgets/a additionalProperties {"additionalProperty":"columns"}']);
  });

  it('reports kind files that do not declare their kind', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kinds-'));
    cpSync(join(FIXTURE_WIDGETS, 'metric.schema.json'), join(dir, 'metric.schema.json'));
    writeFileSync(join(dir, 'gauge.schema.json'), JSON.stringify({ type: 'object', properties: { type: { const: 'meter' } } }));
    writeFileSync(join(dir, 'blank.schema.json'), JSON.stringify({ type: 'object' }));
    const composed = composePageSchema({ widgetsDir: dir });
    expect(composed.kinds.map((k) => k.kind)).toEqual(['metric']);
    expect(composed.problems.map((p) => p.message)).toEqual([
      'a widget kind schema must set properties.type.const to its kind',
      "declares kind 'meter' but its file is named for 'gauge'",
    ]);
  });
});

describe('createPageValidator', () => {
  it('leaves out a kind schema that does not compile and reports it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kinds-'));
    cpSync(join(FIXTURE_WIDGETS, 'metric.schema.json'), join(dir, 'metric.schema.json'));
    writeFileSync(join(dir, 'broken.schema.json'), JSON.stringify({ type: 'object', properties: { type: { const: 'broken' }, x: { $ref: '../defs/nope.schema.json' } } }));
    const { validate, composed } = createPageValidator({ widgetsDir: dir });
    expect(composed.problems).toHaveLength(1);
    expect(composed.problems[0].message).toMatch(/^does not compile, so 'broken' widgets are unchecked/);
    expect(validate(page({ a: { type: 'metric', field: 'x' } }))).toBe(true);
    expect(validate(page({ a: { type: 'broken' } }))).toBe(false); // no longer a known kind
  });
});

describe('validateWidgetConfig', () => {
  it('checks one widget config against its kind, for kind fixtures', async () => {
    const { validateWidgetConfig } = await import('./validator');
    expect(validateWidgetConfig({ type: 'metric', field: 'mentionRate', format: 'mentionRate' }, { widgetsDir: FIXTURE_WIDGETS })).toEqual({ valid: true, errors: [] });
    const bad = validateWidgetConfig({ type: 'metric', fields: 'x' }, { widgetsDir: FIXTURE_WIDGETS });
    expect(bad.valid).toBe(false);
    expect(bad.errors).toEqual(["/ must have required property 'field'", "/ must NOT have additional properties 'fields'"]);
  });
});
