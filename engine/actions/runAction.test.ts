import { describe, expect, it } from 'vitest';
import { MissingBindingsError, actionInput, actionRequest, runAction } from './runAction';
import { errorCopy } from './errorCopy';
import { keyMatchesCalls } from './revalidate';
import { allHold } from './conditions';
import type { ActionSpec } from './types';

const ctx = { brand: { id: 'brand-1', name: 'Acme' }, filters: {}, controls: [] };

describe('actions', () => {
  it('binds the row and the page context into params and body', () => {
    const spec: ActionSpec = { call: 'prompts.update', params: { id: { $row: 'promptId' } }, body: { state: 'inactive', brand: { $brand: 'id' } } };
    expect(actionInput(spec, ctx, { promptId: 'p-7' })).toEqual({ params: { id: 'p-7' }, body: { state: 'inactive', brand: 'brand-1' } });
  });

  it('runs once per selected row, in order, and stops at the first failure', async () => {
    const calls: unknown[] = [];
    const fetcher = async (callId: string, input: unknown) => {
      calls.push([callId, input]);
      if ((input as { params: { id: string } }).params.id === 'b') throw Object.assign(new Error('limit'), { status: 429 });
      return { ok: true };
    };
    const spec: ActionSpec = { call: 'prompts.update', forEach: 'selection', params: { id: { $row: 'promptId' } }, body: { state: 'active' } };
    await expect(runAction(spec, { fetcher, ctx, selection: [{ promptId: 'a' }, { promptId: 'b' }, { promptId: 'c' }] })).rejects.toThrow('limit');
    expect(calls).toEqual([
      ['prompts.update', { params: { id: 'a' }, body: { state: 'active' } }],
      ['prompts.update', { params: { id: 'b' }, body: { state: 'active' } }],
    ]);
    calls.length = 0;
    expect(await runAction(spec, { fetcher, ctx, selection: [{ promptId: 'a' }] })).toEqual([{ ok: true }]);
  });

  it("with errors.missing, sends nothing when a path parameter or page binding has no value, and shows that copy", async () => {
    const calls: unknown[] = [];
    const fetcher = async (callId: string, input: unknown) => {
      calls.push([callId, input]);
      return { ok: true };
    };
    const spec: ActionSpec = {
      call: 'prompts.update', params: { id: { $row: 'promptId' } }, body: { state: 'active' },
      errors: { missing: 'No prompt ID found for update', default: 'Hiccup' },
    };
    expect(actionRequest(spec, ctx, { promptId: '' }).missing).toEqual(['params:id']);
    expect(actionRequest(spec, ctx, { promptId: 'p-1' }).missing).toEqual([]);
    const error = await runAction(spec, { fetcher, ctx, row: { text: 'no id' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingBindingsError);
    expect(calls).toEqual([]);
    // the missing copy wins over default
    expect(errorCopy(spec, error)).toBe('No prompt ID found for update');
    // no brand selected: the page binding is missing
    const create: ActionSpec = { call: 'prompts.create', body: { brandId: { $brand: 'id' } }, errors: { missing: 'No brand selected' } };
    const noBrand = await runAction(create, { fetcher, ctx: { ...ctx, brand: null }, row: {} }).catch((e: unknown) => e);
    expect(errorCopy(create, noBrand)).toBe('No brand selected');
    expect(calls).toEqual([]);
    // without errors.missing the call goes out as before
    expect(await runAction({ call: 'prompts.update', params: { id: { $row: 'promptId' } } }, { fetcher, ctx, row: {} })).toEqual([{ ok: true }]);
  });

  it('an action that only opens a dialog calls nothing', async () => {
    expect(await runAction({ dialog: 'd' }, { fetcher: async () => { throw new Error('no'); }, ctx })).toEqual([]);
  });

  it('maps errors to copy by status, then default, then the error message', () => {
    const spec = { errors: { '429': 'Plan limit', default: 'Hiccup' } };
    expect(errorCopy(spec, Object.assign(new Error('x'), { status: 429 }))).toBe('Plan limit');
    expect(errorCopy(spec, Object.assign(new Error('x'), { status: 500 }))).toBe('Hiccup');
    expect(errorCopy({}, new Error('Server said no'))).toBe('Server said no');
    expect(errorCopy({}, 'weird', 'Failed to stop/start selected prompts')).toBe('Failed to stop/start selected prompts');
  });

  it('revalidates every cached request of the named calls', () => {
    expect(keyMatchesCalls(['prompts.table', '[{}]'], ['prompts.table'])).toBe(true);
    expect(keyMatchesCalls(['prompts.insights.facts', '[{}]'], ['prompts.table'])).toBe(false);
    expect(keyMatchesCalls('prompts.table', ['prompts.table'])).toBe(false);
  });

  it('conditions: all must hold; none given never disables', () => {
    expect(allHold({ field: 'canAddPrompts', op: 'falsy' }, { canAddPrompts: false }, ctx)).toBe(true);
    expect(allHold({ field: 'canAddPrompts', op: 'falsy' }, { canAddPrompts: true }, ctx)).toBe(false);
    expect(allHold(undefined, {}, ctx)).toBe(false);
    expect(allHold([{ field: 'a', op: 'gt', value: 5 }, { field: 'b', value: 'x' }], { a: 6, b: 'x' }, ctx)).toBe(true);
  });
});
