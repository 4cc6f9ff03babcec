import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { signedInServer } from '../testing/fakeServer';
import { renderApp } from '../testing/renderApp';

// /error?code=&message=: every row of the table (title, advice, actions), the defaults (500,
// generic), and the footer naming code and message.
afterEach(cleanup);

const ROWS: Array<{ path: string; title: string; advice: RegExp; primary: 'Try Again' | 'Log In' | null; footer: string }> = [
  { path: '/error?code=401&message=account_blocked', title: 'Account Blocked', advice: /temporarily blocked for security reasons or policy violations.*contact support/i, primary: null, footer: '401 · account_blocked' },
  { path: '/error?code=403&message=email_not_verified', title: 'Email Verification Required', advice: /check your email for the verification link, then log in again/i, primary: 'Log In', footer: '403 · email_not_verified' },
  { path: '/error?code=401&message=token_expired', title: 'Authentication Required', advice: /^Please log in to continue\.$/, primary: 'Log In', footer: '401 · token_expired' },
  { path: '/error?code=401', title: 'Authentication Required', advice: /^Please log in to continue\.$/, primary: 'Log In', footer: '401 · generic' },
  { path: '/error?code=403&message=account_blocked', title: 'Access Forbidden', advice: /do not have permission.*contact support/i, primary: null, footer: '403 · account_blocked' },
  { path: '/error?code=404&message=missing', title: 'Something Went Wrong', advice: /^An unexpected error occurred\. Please try again\.$/, primary: 'Try Again', footer: '404 · missing' },
  { path: '/error?code=abc', title: 'Something Went Wrong', advice: /^An unexpected error occurred\. Please try again\.$/, primary: 'Try Again', footer: '500 · generic' },
  { path: '/error', title: 'Something Went Wrong', advice: /^An unexpected error occurred\. Please try again\.$/, primary: 'Try Again', footer: '500 · generic' },
];

describe('error page rows', () => {
  it.each(ROWS)('$path → $title', async ({ path, title, advice, primary, footer }) => {
    const { client } = signedInServer(null);
    renderApp(client, path);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText(advice)).toBeTruthy();
    for (const label of ['Try Again', 'Log In']) {
      if (label === primary) expect(screen.getByRole('button', { name: label })).toBeTruthy();
      else expect(screen.queryByRole('button', { name: label })).toBeNull();
    }
    expect(screen.getByRole('button', { name: 'Logout and Try Again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toMatch(/^mailto:/);
    expect(screen.getByText(`Error code: ${footer}`)).toBeTruthy();
  });
});
