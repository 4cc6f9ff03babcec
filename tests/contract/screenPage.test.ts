import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pagedDataSpec } from '../../engine/data/serverPaging';
import type { WidgetConfig } from '../../engine/runtime/types';
import { requestFor } from './requests';

// The walk and the bench ask prompts.table for what the Prompts Monitor's table asks first (its
// first tab and page, its default sort and Performance filter), not for the whole list no screen asks.
describe("the walk's prompts.table request", () => {
  it('is the first page the Prompts Monitor table sends', () => {
    const page = JSON.parse(readFileSync(join(import.meta.dirname, '../../pages/prompts.json'), 'utf8')) as {
      filters: { controls: Array<{ id: string; default?: unknown }> };
      widgets: Record<string, WidgetConfig>;
    };
    const table = page.widgets.prompts;
    expect(table.data?.call).toBe('prompts.table');
    const sent = pagedDataSpec(table)!.body as Record<string, unknown>;
    const walk = requestFor('prompts.table', { brandId: 'brd_x', promptId: 'prm_x', competitor: 'X', now: new Date() })!.body as Record<
      string,
      unknown
    >;
    expect(walk.page).toEqual(sent.page);
    expect(walk.state).toEqual(sent.state);
    // the body binds the page's Performance filter: the walk sends its default
    const performance = (sent.performance as { $filter: string }).$filter;
    expect(walk.performance).toEqual(page.filters.controls.find((c) => c.id === performance)!.default);
  });
});
