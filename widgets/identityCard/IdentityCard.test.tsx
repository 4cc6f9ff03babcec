import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderInPageContext, testPageContext } from '../../engine/testing';
import IdentityCard from './IdentityCard';
import valid from './fixtures/valid.json';
import type { IdentityCardConfig } from './config.generated';

const config = valid as unknown as IdentityCardConfig;

function renderFor(user: Record<string, unknown> | null) {
  const ctx = testPageContext();
  ctx.bindings = { ...ctx.bindings, user };
  return renderInPageContext(<IdentityCard id="me" config={config} data={undefined} />, ctx);
}

describe('identityCard', () => {
  it('shows the picture, name, capitalised role and email', () => {
    renderFor({ id: 'u1', name: 'Ada Lovelace', email: 'ada@acme.test', role: 'admin', profilePicture: '/api/users/profile-pictures/u1.png' });
    expect(screen.getByTestId('identity-name').textContent).toBe('Ada Lovelace');
    expect(screen.getByTestId('identity-badge').textContent).toBe('Admin');
    expect(screen.getByTestId('identity-secondary').textContent).toBe('ada@acme.test');
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/api/users/profile-pictures/u1.png');
  });

  it("falls back to 'User' for name and role, and initials without a picture", () => {
    renderFor({ id: 'u1', name: '', email: 'x@y.test', role: null, profilePicture: null });
    expect(screen.getByTestId('identity-name').textContent).toBe('User');
    expect(screen.getByTestId('identity-badge').textContent).toBe('User');
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('U')).toBeTruthy();
  });
});
