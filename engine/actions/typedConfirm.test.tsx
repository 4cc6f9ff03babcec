import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeFetcher, renderPage } from '../runtime/testing';
import { typedConfirmMatches } from './ConfirmDialog';
import type { PageDefinition } from '../runtime/types';

// Deleting an account: the confirm button stays disabled until exactly DELETE is typed, is busy
// while the call runs, keeps the dialog open with the error (and the support advice) on failure,
// clears text and error on close, and signs out after success. Also the JSON download action.

const FAILED = 'Failed to deactivate account. Please try again or contact support.';
const HELP = 'If this keeps happening, email support@example.test.';

const page = {
  version: 1,
  id: 't',
  route: '/t',
  title: 'T',
  widgets: {
    del: {
      type: 'actionButton',
      label: 'Delete Account',
      action: {
        call: 'users.me.deactivate',
        confirm: { title: 'Delete your account?', typeToConfirm: 'DELETE', confirmLabel: 'Delete Account', errorHelp: HELP, errorLink: { label: 'Contact Support', href: 'mailto:support@example.test' } },
        errors: { default: FAILED },
        // a string, not a function: an awaited spec is not a thenable (the page format's contract name)
        // oxlint-disable-next-line unicorn/no-thenable
        then: 'signOut',
      },
    },
    exp: {
      type: 'actionButton',
      label: 'Export my data',
      action: { call: 'users.me.export', download: { filename: 'answerscope-export.json' } },
    },
  },
  layout: [{ items: [{ widget: 'del' }, { widget: 'exp' }] }],
} as unknown as PageDefinition;

const confirmButton = () => screen.getAllByRole('button', { name: 'Delete Account', hidden: true }).at(-1) as HTMLButtonElement;
const typed = () => screen.getByTestId('type-to-confirm') as HTMLInputElement;

describe('typed confirmation', () => {
  it('matches exactly', () => {
    expect(typedConfirmMatches('DELETE', 'DELETE')).toBe(true);
    expect(typedConfirmMatches('DELETE', 'delete')).toBe(false);
    expect(typedConfirmMatches('DELETE', ' DELETE')).toBe(false);
    expect(typedConfirmMatches(undefined, '')).toBe(true);
  });

  it('stays disabled until DELETE, keeps the dialog open with the error on failure, clears on close', async () => {
    const signOut = vi.fn();
    const f = fakeFetcher({ 'users.me.deactivate': Object.assign(new Error('nope'), { status: 500 }) });
    renderPage(page, { fetcher: f.fetcher, host: { signOut } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    await screen.findByRole('alertdialog');
    expect(confirmButton().disabled).toBe(true);
    fireEvent.change(typed(), { target: { value: 'delete' } });
    expect(confirmButton().disabled).toBe(true);
    fireEvent.change(typed(), { target: { value: 'DELETE' } });
    expect(confirmButton().disabled).toBe(false);
    fireEvent.click(confirmButton());
    await waitFor(() => expect(screen.getByRole('alert', { hidden: true }).textContent).toContain(FAILED));
    expect(screen.getByRole('alert', { hidden: true }).textContent).toContain(HELP);
    expect(within(screen.getByRole('alert', { hidden: true })).getByRole('link', { name: 'Contact Support', hidden: true }).getAttribute('href')).toBe('mailto:support@example.test');
    expect(screen.getByRole('alertdialog', { hidden: true })).toBeTruthy();
    expect(signOut).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    await screen.findByRole('alertdialog');
    expect(typed().value).toBe('');
    expect(screen.queryByRole('alert', { hidden: true })).toBeNull();
  });

  it('is busy while the call runs, then signs out', async () => {
    const signOut = vi.fn();
    let resolve: (v: unknown) => void = () => {};
    const fetcher = vi.fn((callId: string) => (callId === 'users.me.deactivate' ? new Promise((r) => (resolve = r)) : new Promise(() => {})));
    renderPage(page, { fetcher: fetcher as never, host: { signOut } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    await screen.findByRole('alertdialog');
    fireEvent.change(typed(), { target: { value: 'DELETE' } });
    fireEvent.click(confirmButton());
    await waitFor(() => expect(confirmButton().disabled).toBe(true));
    // (happy-dom's focus handling may mark the busy dialog aria-hidden once its focused button is disabled)
    expect((screen.getByRole('button', { name: 'Cancel', hidden: true }) as HTMLButtonElement).disabled).toBe(true);
    expect(typed().disabled).toBe(true);
    resolve({ success: true, message: 'Your account has been deactivated.' });
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
  });

  it("downloads a call's response as a JSON file", async () => {
    const data = { profile: { email: 'ada@acme.test' }, brands: [{ name: 'Acme' }] };
    const f = fakeFetcher({ 'users.me.export': data });
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:export';
    });
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderPage(page, { fetcher: f.fetcher });
    fireEvent.click(await screen.findByRole('button', { name: 'Export my data' }));
    await waitFor(() => expect(names).toEqual(['answerscope-export.json']));
    expect(JSON.parse(await blobs[0].text())).toEqual(data);
    create.mockRestore();
    click.mockRestore();
  });
});
