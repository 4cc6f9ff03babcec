import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetcher, fakeScope, renderPage } from '../runtime/testing';
import type { PageDefinition } from '../runtime/types';

// Actions end to end inside the engine: a button opens a dialog holding an rjsf form; submit runs
// the mutation with the form values and revalidates; a confirmation guards a direct mutation.
const HICCUP = "Uh oh - We've hit a hiccup - Please try again or let us know if the issue persists.";
const LIMIT = 'Plan limit reached';

function page(initial: Record<string, unknown>): PageDefinition {
  return {
    version: 1,
    id: 't',
    route: '/t',
    title: 'T',
    requires: { brand: true },
    widgets: {
      open: {
        type: 'actionButton', label: 'New Prompt', appearance: 'primary',
        data: { call: 'prompts.table', body: { brandId: { $brand: 'id' } } },
        states: { empty: { title: 'none' }, error: { title: 'err' } },
        disabledWhen: { field: 'canAddPrompts', op: 'falsy' },
        disabledTooltip: 'You have reached your plan limit for tracking prompts.',
        action: { dialog: 'dlg' },
      },
      stop: {
        type: 'actionButton', label: 'Stop p1',
        action: { call: 'prompts.update', params: { id: 'p1' }, body: { state: 'inactive' }, success: 'Stopped {count} prompt', confirm: { title: 'Stop Selected Prompts', confirmLabel: 'Stop' }, errors: { fallback: 'Failed to stop/start selected prompts' }, revalidate: ['prompts.table'] },
      },
      dlg: {
        type: 'dialog', title: 'Create Monitoring Prompt',
        content: [{
          type: 'form',
          schema: { type: 'object', required: ['text', 'providers'], properties: {
            text: { type: 'string', title: 'Prompt', maxLength: 500, pattern: '\\S' },
            providers: { type: 'array', title: 'AI Providers', minItems: 1, uniqueItems: true, items: { type: 'string', 'x-options': 'providers' } },
          } },
          uiSchema: { text: { 'ui:widget': 'counterTextarea' } },
          initial,
          submit: { call: 'prompts.create', body: { prompt: { $row: 'text' }, providers: { $row: 'providers' }, location: ['US'], brandId: { $brand: 'id' } }, errors: { '429': LIMIT, default: HICCUP }, revalidate: ['prompts.table'], refreshSession: true },
          submitLabel: 'Create',
        }],
      },
    },
    layout: [{ items: [{ widget: 'open' }, { widget: 'stop' }] }],
  } as unknown as PageDefinition;
}

describe('actions, dialogs and forms', () => {
  it('disables the button by a data flag and explains why', async () => {
    const f = fakeFetcher({ 'prompts.table': { prompts: [], canAddPrompts: false } });
    renderPage(page({}), { fetcher: f.fetcher });
    const button = await screen.findByRole('button', { name: 'New Prompt' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText('You have reached your plan limit for tracking prompts.')).toBeTruthy();
  });

  it('create stays disabled until the text is non-blank, counts length/500, submits and revalidates', async () => {
    let tableLoads = 0;
    const f = fakeFetcher({
      'prompts.table': () => { tableLoads++; return { prompts: [], canAddPrompts: true }; },
      'prompts.create': (input: unknown) => ({ id: 'new', echo: input }),
    });
    const refresh = vi.fn(async () => null);
    renderPage(page({ providers: ['openai'] }), { fetcher: f.fetcher, scope: { ...fakeScope(), refresh } });
    fireEvent.click(await screen.findByRole('button', { name: 'New Prompt' }));
    expect(await screen.findByText('Create Monitoring Prompt')).toBeTruthy();
    const create = (await screen.findByRole('button', { name: 'Create' })) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    const text = screen.getByRole('textbox');
    fireEvent.change(text, { target: { value: '   ' } });
    await waitFor(() => expect(screen.getByText('3/500')).toBeTruthy());
    expect(create.disabled).toBe(true);
    fireEvent.change(text, { target: { value: 'Best CRM for startups?' } });
    await waitFor(() => expect(create.disabled).toBe(false));
    expect(screen.getByText('22/500')).toBeTruthy();
    const before = tableLoads;
    fireEvent.click(create);
    await waitFor(() => expect(screen.queryByText('Create Monitoring Prompt')).toBeNull());
    const call = f.calls.find((c) => c.callId === 'prompts.create');
    expect(call?.input).toEqual({ body: { prompt: 'Best CRM for startups?', providers: ['openai'], location: ['US'], brandId: 'brand-1' } });
    await waitFor(() => expect(tableLoads).toBeGreaterThan(before));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('maps a 429 to the spec copy and keeps the dialog open', async () => {
    const f = fakeFetcher({
      'prompts.table': { prompts: [], canAddPrompts: true },
      'prompts.create': Object.assign(new Error('limit'), { status: 429 }),
    });
    renderPage(page({ text: 'Is Acme any good?', providers: ['perplexity'] }), { fetcher: f.fetcher });
    fireEvent.click(await screen.findByRole('button', { name: 'New Prompt' }));
    const create = (await screen.findByRole('button', { name: 'Create' })) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);
    await waitFor(() => expect(f.calls.map((c) => c.callId)).toContain('prompts.create'));
    expect(await screen.findByText(LIMIT)).toBeTruthy();
    expect(screen.getByText('Create Monitoring Prompt')).toBeTruthy();
  });

  it('asks before a direct mutation, shows the fallback copy on a message-less failure', async () => {
    let fail = true;
    const f = fakeFetcher({
      'prompts.table': { prompts: [], canAddPrompts: true },
      'prompts.update': () => (fail ? Object.assign(new Error(''), { status: 500 }) : { id: 'p1', state: 'inactive' }),
    });
    renderPage(page({}), { fetcher: f.fetcher });
    fireEvent.click(await screen.findByRole('button', { name: 'Stop p1' }));
    expect(await screen.findByText('Stop Selected Prompts')).toBeTruthy();
    expect(f.calls.some((c) => c.callId === 'prompts.update')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Failed to stop/start selected prompts')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(screen.queryByText('Stop Selected Prompts')).toBeNull());
    expect(f.calls.filter((c) => c.callId === 'prompts.update').map((c) => c.input)).toEqual([
      { params: { id: 'p1' }, body: { state: 'inactive' } },
      { params: { id: 'p1' }, body: { state: 'inactive' } },
    ]);
    expect(await screen.findByText('Stopped 1 prompt')).toBeTruthy();
  });
});
