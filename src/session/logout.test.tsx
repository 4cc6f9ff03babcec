import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitLogout } from './loginUrl';

describe('logout', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('submits a POST form to the logout endpoint with where to land (never a GET navigation)', () => {
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    submitLogout('https://app.example.com');
    expect(submitted).toHaveLength(1);
    expect(submitted[0].method).toBe('post');
    const action = new URL(submitted[0].action, 'https://app.example.com');
    expect(`${action.pathname}${action.search}`).toBe('/api/auth/logout?redirectUrl=https%3A%2F%2Fapp.example.com');
    expect(assign).not.toHaveBeenCalled();
  });
});
