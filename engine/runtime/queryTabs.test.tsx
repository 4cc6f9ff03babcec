import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { EngineHostProvider } from '../host/EngineHostProvider';
import { testHost } from './testing';
import { PageView } from './PageView';
import { queryValueOf, tabFromQuery } from './Layout';
import type { PageDefinition } from './types';

// A tabs item bound to ?tab=: the address picks the tab (unknown or missing → default), choosing
// a tab replaces the query value and keeps the other parameters.

const QUERY = { param: 'tab', values: { password: 'Password', billing: 'Billing', privacy: 'Privacy' }, default: 'password' };
const TABS = [{ label: 'Password' }, { label: 'Billing' }, { label: 'Privacy' }];

const page = {
  version: 1,
  id: 'settings',
  route: '/s',
  title: 'Settings',
  widgets: {
    pw: { type: 'text', text: 'password panel' },
    bill: { type: 'text', text: 'billing panel' },
    priv: { type: 'text', text: 'privacy panel' },
  },
  layout: [
    {
      items: [
        {
          query: QUERY,
          tabs: [
            { label: 'Password', layout: [{ items: [{ widget: 'pw' }] }] },
            { label: 'Billing', layout: [{ items: [{ widget: 'bill' }] }] },
            { label: 'Privacy', layout: [{ items: [{ widget: 'priv' }] }] },
          ],
        },
      ],
    },
  ],
} as unknown as PageDefinition;

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <SWRConfig value={{ provider: () => new Map() }}>
        <EngineHostProvider host={testHost()}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/s" element={<><PageView page={page} /><Location /></>} />
            </Routes>
          </MemoryRouter>
        </EngineHostProvider>
      </SWRConfig>
    </FluentProvider>,
  );
}

const selectedTab = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;

describe('tabs bound to the query', () => {
  it('maps values to tabs and back, falling back to the default', () => {
    expect(tabFromQuery(TABS, QUERY, 'billing')).toBe(1);
    expect(tabFromQuery(TABS, QUERY, 'nope')).toBe(0);
    expect(tabFromQuery(TABS, QUERY, null)).toBe(0);
    expect(tabFromQuery(TABS, QUERY, 'toString')).toBe(0);
    expect(queryValueOf(TABS, QUERY, 2)).toBe('privacy');
  });

  it('opens the tab the address names', async () => {
    renderAt('/s?tab=billing');
    expect(await screen.findByText('billing panel')).toBeTruthy();
    expect(selectedTab()).toBe('Billing');
  });

  it('an unknown or missing value shows the default tab', async () => {
    const { unmount } = renderAt('/s?tab=unknown');
    expect(await screen.findByText('password panel')).toBeTruthy();
    expect(selectedTab()).toBe('Password');
    unmount();
    renderAt('/s');
    expect(await screen.findByText('password panel')).toBeTruthy();
  });

  it('choosing a tab replaces the value and keeps other parameters', async () => {
    renderAt('/s?from=menu&tab=password');
    await screen.findByText('password panel');
    fireEvent.click(screen.getByRole('tab', { name: 'Privacy' }));
    expect(await screen.findByText('privacy panel')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/s?from=menu&tab=privacy');
  });
});
