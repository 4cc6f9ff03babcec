import { describe, expect, it, vi } from 'vitest';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { widgetKinds, widgetRegistry } from './index';

const WIDGET_KINDS = widgetRegistry.types;
const widgetKind = widgetRegistry.kind;
const preloadWidgetKinds = widgetRegistry.preload;

const root = join(__dirname, '..');

describe('widget registry', () => {
  // First in this file: nothing has loaded a kind's code yet.
  it('hands out a kind\'s component itself once its code is loaded, except dialog and form', async () => {
    const [table, dialog, form] = ['table', 'dialog', 'form'].map((k) => widgetKind(k)!);
    expect(table.loaded?.()).toBeNull();
    preloadWidgetKinds(['table', 'dialog', 'form']);
    const Table = (await import('./table/Table')).default;
    await vi.waitFor(() => expect(table.loaded?.()).toBe(Table));
    await import('./dialog/Dialog');
    await import('./form/Form');
    expect(dialog.loaded?.()).toBeNull();
    expect(form.loaded?.()).toBeNull();
  });

  it('registers the overview kinds', () => {
    expect(WIDGET_KINDS).toEqual(expect.arrayContaining(['chart', 'header', 'link', 'metricCard', 'rankedList', 'segmented', 'table', 'text']));
    expect(widgetKind('nope')).toBeUndefined();
    expect(widgetKind('toString')).toBeUndefined();
  });

  it('picks up every folder with a kind.ts, each declaring the kind named like its folder', () => {
    const folders = readdirSync(join(root, 'widgets'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(root, 'widgets', d.name, 'kind.ts')))
      .map((d) => d.name)
      .sort();
    expect(widgetKinds.map((k) => k.type)).toEqual(folders);
    expect(folders.length).toBeGreaterThanOrEqual(18);
  });

  it('every kind loads a component and has a schema whose type const is the kind, plus fixtures', async () => {
    for (const kind of WIDGET_KINDS) {
      const entry = widgetKind(kind)!;
      const lazy = entry.component as unknown as { _payload?: { _result: () => Promise<{ default: unknown }> } };
      if (lazy._payload) {
        const mod = await lazy._payload._result();
        expect(typeof mod.default).toBe('function');
      }
      const schemaPath = join(root, 'schemas/widgets', `${kind}.schema.json`);
      expect(existsSync(schemaPath), schemaPath).toBe(true);
      const schema = JSON.parse(readFileSync(schemaPath, 'utf8'));
      expect(schema.properties.type.const).toBe(kind);
      const fixtures = readdirSync(join(root, 'widgets', kind, 'fixtures'));
      expect(fixtures).toContain('valid.json');
      expect(fixtures).toContain('invalid.json');
    }
  });
});
