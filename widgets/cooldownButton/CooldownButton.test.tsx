import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderInPageContext, testPageContext } from '../../engine/testing';
import CooldownButton from './CooldownButton';
import { formatMinutesSeconds, readCooldownEnd } from './cooldown';
import valid from './fixtures/valid.json';
import response from './fixtures/response.json';
import type { CooldownButtonConfig } from './config.generated';

// The password-change button of Settings: a 120 s cooldown kept in localStorage under
// passwordResetEndTime, counting down each second, surviving a reload (a new mount), removed at zero.

const config = valid as unknown as CooldownButtonConfig;
const KEY = 'passwordResetEndTime';
const START = new Date('2026-11-20T12:00:00.000Z').getTime();

function renderButton(api: (callId: string) => Promise<unknown>, user: Record<string, unknown> | null = { id: 'u1', name: 'Ada', email: 'ada@acme.test' }) {
  const ctx = testPageContext();
  ctx.bindings = { ...ctx.bindings, user };
  return renderInPageContext(<CooldownButton id="pw" config={config} data={undefined} />, ctx, { api: api as never });
}

const button = () => screen.getByRole('button');
const flush = () => act(async () => {
  await Promise.resolve();
});

describe('cooldownButton', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('formats m:ss', () => {
    expect(formatMinutesSeconds(120)).toBe('2:00');
    expect(formatMinutesSeconds(61)).toBe('1:01');
    expect(formatMinutesSeconds(9)).toBe('0:09');
  });

  it('names the destination email, or the fallback copy without one, and lists the three steps', () => {
    const { unmount } = renderButton(async () => response);
    expect(screen.getByText('We will send a secure link to ada@acme.test.')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    unmount();
    renderButton(async () => response, { id: 'u1', name: 'Ada', email: '' });
    expect(screen.getByText('We will send a secure link to your registered email address.')).toBeTruthy();
  });

  it('sends, shows the banner, then counts down from 2:00 each second and survives a reload', async () => {
    let resolve: (v: unknown) => void = () => {};
    const api = vi.fn(() => new Promise((r) => (resolve = r)));
    const first = renderButton(api);
    expect(button().textContent).toBe('Send Password Change Email');
    fireEvent.click(button());
    expect(button().textContent).toBe('Sending Email...');
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    await act(async () => resolve(response));
    await flush();
    expect(api).toHaveBeenCalledWith('users.me.request-password-change', {});
    expect(button().textContent).toBe('Try again in 2:00');
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Password change email sent successfully!/)).toBeTruthy();
    expect(Number(localStorage.getItem(KEY))).toBe(START + 120_000);

    await act(async () => vi.advanceTimersByTime(1000));
    expect(button().textContent).toBe('Try again in 1:59');
    await act(async () => vi.advanceTimersByTime(30_000));
    expect(button().textContent).toBe('Try again in 1:29');

    // reload: a fresh mount reads the stored end time
    first.unmount();
    renderButton(api);
    expect(button().textContent).toBe('Try again in 1:29');
    await act(async () => vi.advanceTimersByTime(89_000));
    expect(button().textContent).toBe('Send Password Change Email');
    expect((button() as HTMLButtonElement).disabled).toBe(false);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('drops an end time that has already passed (or is not a number) when it is read', () => {
    localStorage.setItem(KEY, String(START - 5000));
    renderButton(async () => response);
    expect(button().textContent).toBe('Send Password Change Email');
    expect(localStorage.getItem(KEY)).toBeNull();
    localStorage.setItem(KEY, 'soon');
    expect(readCooldownEnd(KEY, START)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('shows the spec error on failure and starts no cooldown', async () => {
    const api = vi.fn(async () => {
      throw Object.assign(new Error('boom'), { status: 500 });
    });
    renderButton(api);
    fireEvent.click(button());
    await flush();
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Failed to send password change email. Please try again.');
    expect(button().textContent).toBe('Send Password Change Email');
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});
