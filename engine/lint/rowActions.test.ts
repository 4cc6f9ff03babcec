import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintPages } from './lint';

// Widgets in a table's bulkActions / rowActions act on the table's rows: their {"$row": ...}s are
// checked against the table's rows (after its transform), while a button's own data (the plan flag
// behind bulk Start) is what its disabledWhen fields are checked against. Uses the real kinds and
// call catalogue with the Prompts Monitor page.

const root = join(import.meta.dirname, '..', '..');
const page = JSON.parse(readFileSync(join(root, 'pages/prompts.json'), 'utf8'));

async function unknownFields(p: unknown): Promise<string[]> {
  const d = await lintPages([{ file: 'prompts.json', text: JSON.stringify(p, null, 2) }]);
  return d.filter((x) => x.rule === 'unknown-field').map((x) => `${x.pointer} ${x.message}`);
}

const startIndex = page.widgets.prompts.bulkActions.findIndex((w: { label: string }) => w.label === 'Start');

describe('unknown-field in table bulk and row actions', { timeout: 60_000 }, () => {
  it('accepts a bulk action with its own data: $row reads the table row, disabledWhen its own data', async () => {
    const start = page.widgets.prompts.bulkActions[startIndex];
    expect(start.data.call).toBe('prompts.table');
    expect(start.disabledWhen.field).toBe('canAddPrompts');
    expect(start.action.params.id.$row).toBe('promptId');
    expect(await unknownFields(page)).toEqual([]);
  });

  it("reports a bulk action's $row that is not a table row field, against the table's rows", async () => {
    const p = structuredClone(page);
    p.widgets.prompts.bulkActions[startIndex].action.params.id.$row = 'promptID';
    expect(await unknownFields(p)).toEqual([
      `/widgets/prompts/bulkActions/${startIndex}/action/params/id/$row field 'promptID' is not in the response of 'prompts.table' here; did you mean 'promptId'?`,
    ]);
  });

  it("reports a disabledWhen field missing from the button's own data, not from the table rows", async () => {
    const p = structuredClone(page);
    p.widgets.prompts.bulkActions[startIndex].disabledWhen.field = 'canAddPrompt';
    expect(await unknownFields(p)).toEqual([
      `/widgets/prompts/bulkActions/${startIndex}/disabledWhen/field field 'canAddPrompt' is not in the response of 'prompts.table' here; did you mean 'canAddPrompts'?`,
    ]);
    // a table row field is not in the button's own data (the call's top-level response)
    p.widgets.prompts.bulkActions[startIndex].disabledWhen.field = 'promptState';
    expect((await unknownFields(p))[0]).toMatch(/disabledWhen\/field field 'promptState' is not in the response of 'prompts.table'/);
  });

  it('checks row actions with their own data the same way', async () => {
    const p = structuredClone(page);
    const edit = p.widgets.prompts.rowActions.widgets[0];
    edit.data = structuredClone(page.widgets.newPrompt.data);
    edit.states = 'promptsTable';
    edit.disabledWhen = { field: 'canAddPrompts', op: 'falsy' };
    edit.action = { call: 'prompts.update', params: { id: { $row: 'promptId' } }, body: { state: 'active' } };
    expect(await unknownFields(p)).toEqual([]);
    edit.action.params.id.$row = 'canAddPrompts';
    expect(await unknownFields(p)).toEqual([
      "/widgets/prompts/rowActions/widgets/0/action/params/id/$row field 'canAddPrompts' is not in the response of 'prompts.table' here; available: promptId, fullPrompt, promptPreview, providers, promptLocation, frequencyCron, promptState, performanceStatus, recencyStatus, mentionRate, deltaMentionRateChange, currentPeriodMentions, currentPeriodRuns, averageMentionRank, currentNetSentiment",
    ]);
  });
});
