import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { WidgetConfig } from '../../engine';
import { WidgetHost } from '../../engine';
import { TEST_BRAND, renderInPageContext, renderWidget, testPageContext } from '../../engine/testing';
import text from './fixtures/valid.json';
import header from '../header/fixtures/valid.json';
import link from '../link/fixtures/valid.json';
import { initialsOf } from '../header/Header';

describe('text, header and link widgets', () => {
  it('text fills placeholders from bindings with formats', async () => {
    renderWidget(text as unknown as WidgetConfig);
    expect(await screen.findByText('Latest data updated on Mar 14, 2025, 9:30 AM UTC')).toBeTruthy();
  });

  it('header cuts a brand name longer than 15 characters, with the whole name as its tooltip', async () => {
    const brand = { ...TEST_BRAND, name: 'Northwind Traders International' };
    renderInPageContext(<WidgetHost id="h" config={header as unknown as WidgetConfig} />, testPageContext({ brand }));
    const name = await screen.findByTitle('Northwind Traders International');
    expect(name.textContent).toBe('Northwind Trade…');
  });

  it('header shows the title, brand initials and name, and the last run', async () => {
    renderWidget(header as unknown as WidgetConfig);
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    expect(screen.getByTestId('header-brand').textContent).toContain('Acme');
    expect(screen.getByTestId('header-brand').textContent).toContain('AC');
    expect(screen.getByText('Latest data updated on Mar 14, 2025, 9:30 AM UTC')).toBeTruthy();
  });

  it('link renders a router link', async () => {
    renderWidget(link as unknown as WidgetConfig);
    const a = await screen.findByRole('link', { name: 'View detailed analytics and all top performing / underperforming prompts →' });
    expect(a.getAttribute('href')).toBe('/app/prompts');
  });

  it('initials fallback', () => {
    expect(initialsOf('Acme')).toBe('AC');
    expect(initialsOf('Blue Bottle Coffee')).toBe('BB');
    expect(initialsOf('  ')).toBe('?');
  });
});
