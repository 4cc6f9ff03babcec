import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { PageDefinition } from './types';
import { fakeFetcher, renderPage } from './testing';

// Layout rows: a titled row is one section holding its heading and its widgets; a row with
// minItemWidth lays its items out in equal columns instead of their spans.
const page: PageDefinition = {
  version: 1,
  id: 'rows',
  route: '/app/rows',
  title: 'Rows',
  widgets: { a: { type: 'text', text: 'Leading' }, b: { type: 'text', text: 'Trailing' }, c: { type: 'text', text: 'Card C' }, d: { type: 'text', text: 'Card D' } },
  layout: [
    { title: 'Prompt Performance Analysis', items: [{ widget: 'a', span: 6 }, { widget: 'b', span: 6 }] },
    { minItemWidth: 200, items: [{ widget: 'c', span: 3 }, { widget: 'd', span: 2 }] },
  ],
};

describe('layout rows', () => {
  it('puts a row heading inside the section with its widgets', async () => {
    renderPage(page, { fetcher: fakeFetcher({}).fetcher });
    const section = await screen.findByRole('region', { name: 'Prompt Performance Analysis' });
    expect(section.querySelector('h2')?.textContent).toBe('Prompt Performance Analysis');
    expect((await screen.findByText('Leading')).closest('section[aria-labelledby]')).toBe(section);
    expect((await screen.findByText('Trailing')).closest('section[aria-labelledby]')).toBe(section);
  });

  it('gives a minItemWidth row equal columns of at least that width', async () => {
    renderPage(page, { fetcher: fakeFetcher({}).fetcher });
    const item = (await screen.findByText('Card C')).closest('[data-widget-id]')!.parentElement!;
    expect(item.dataset.span).toBeUndefined();
    expect(item.parentElement!.style.getPropertyValue('--min-item')).toBe('200px');
  });
});
