import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { loadWidgetTemplates, widgetRegistry } from '../../widgets';
import { studioLinter } from '../studio/studioLinter';
import { addWidgetEdits } from '../studio/templates';

// The page studio's "Add widget" offers a template for every registered widget kind, and each one, added to a page
// as the studio adds it, leaves the page lint-clean: a new kind without a usable template fails here.

const ROOT = join(__dirname, '../..');
const OVERVIEW = readFileSync(join(ROOT, 'pages/overview.json'), 'utf8');
/** A new dashboard page: the usual filters (the Overview's), no widgets yet. */
const BLANK_PAGE = JSON.stringify(
  { version: 1, id: 'blank', route: '/app/blank', title: 'Blank', filters: JSON.parse(OVERVIEW).filters, widgets: {}, layout: [] },
  null,
  2,
);

describe('widget templates', async () => {
  const widgetTemplates = await loadWidgetTemplates();

  it('has one for every registered widget kind, and none for a kind that is not registered', () => {
    expect(Object.keys(widgetTemplates).sort()).toEqual([...widgetRegistry.types].sort());
  });

  for (const kind of widgetRegistry.types) {
    it(`${kind}: added to a new dashboard page and to the Overview, the page stays lint-clean`, async () => {
      const template = widgetTemplates[kind];
      expect(template, `widgets/${kind}/fixtures/valid.json`).toBeDefined();
      for (const [file, page] of [
        ['overview.json', OVERVIEW],
        ['blank.json', BLANK_PAGE],
      ] as const) {
        const added = addWidgetEdits(page, template)!;
        const text = applyEdits(page, added.edits);
        expect(JSON.parse(text).widgets[added.id].type).toBe(kind);
        const found = await studioLinter().lint(file, text);
        expect(
          found.map((d) => `${d.line}:${d.column} ${d.rule} ${d.severity}: ${d.message}`),
          `${kind} in ${file}`,
        ).toEqual([]);
      }
    });
  }
});
