import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInPageContext } from '../../engine/testing';
import ToggleList from './ToggleList';
import { toggleValues } from './toggleValues';
import valid from './fixtures/valid.json';
import response from './fixtures/response.json';
import type { ToggleListConfig } from './config.generated';

const config = valid as unknown as ToggleListConfig;

function switchFor(label: string): HTMLInputElement {
  return screen.getByRole('switch', { name: label }) as HTMLInputElement;
}

describe('toggleList values', () => {
  it('stored values override defaults; a locked item is on whatever is stored', () => {
    const items = [
      { key: 'a', default: true },
      { key: 'b' },
      { key: 'c', default: false },
      { key: 'lock', default: true, locked: true },
    ];
    expect(toggleValues(items, { prefs: { a: false, c: true, lock: false } }, 'prefs')).toEqual({ a: false, b: false, c: true, lock: true });
    expect(toggleValues(items, null, 'prefs')).toEqual({ a: true, b: false, c: false, lock: true });
  });
});

describe('toggleList widget', () => {
  it('shows stored values, badges and a locked switch', () => {
    renderInPageContext(<ToggleList id="t" config={config} data={response} />);
    // stored false overrides the default true
    expect(switchFor('Prompt monitoring').checked).toBe(false);
    expect(switchFor('Weekly reports').checked).toBe(true);
    const security = switchFor('Security alerts');
    expect(security.checked).toBe(true);
    expect(security.disabled).toBe(true);
    expect(screen.getByText('Recommended')).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();
  });

  it('saves one change optimistically with the bound patch, all switches disabled meanwhile', async () => {
    let resolve: (v: unknown) => void = () => {};
    const api = vi.fn(() => new Promise((r) => (resolve = r)));
    renderInPageContext(<ToggleList id="t" config={config} data={response} />, undefined, { api: api as never });
    fireEvent.click(switchFor('Prompt monitoring'));
    expect(switchFor('Prompt monitoring').checked).toBe(true);
    expect(switchFor('Prompt monitoring').disabled).toBe(true);
    expect(switchFor('Weekly reports').disabled).toBe(true);
    expect(api).toHaveBeenCalledWith('users.me.notification-settings', { body: { preferences: { prompts_monitoring: true } } });
    await act(async () => resolve({ data: { preferences: { prompts_monitoring: true } } }));
    await waitFor(() => expect(switchFor('Weekly reports').disabled).toBe(false));
    expect(switchFor('Prompt monitoring').checked).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reverts a refused save and says so', async () => {
    const api = vi.fn(async () => {
      throw Object.assign(new Error('Server error occurred. Please try again.'), { status: 500 });
    });
    renderInPageContext(<ToggleList id="t" config={config} data={response} />, undefined, { api: api as never });
    fireEvent.click(switchFor('Weekly reports'));
    expect(switchFor('Weekly reports').checked).toBe(false);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Could not save Weekly reports. Please try again.'));
    expect(switchFor('Weekly reports').checked).toBe(true);
    expect(switchFor('Weekly reports').disabled).toBe(false);
  });
});
