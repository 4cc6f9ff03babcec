import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PageDefinition } from '../index';
import { TEST_BRAND, fakeFetcher, fakeScope, renderPage } from '../testing';

// The locations filter: its selection reads as the field's value ('Global'), not as a grey
// placeholder; a search with no match says so as a message, not as a choice with a checkbox.
const page: PageDefinition = {
  version: 1,
  id: 'located',
  route: '/app/located',
  title: 'Located',
  filters: { storageKey: 'located-filters', controls: [{ id: 'selectedLocations', type: 'locations', default: ['global'] }] },
  widgets: { body: { type: 'text', text: 'Body' } },
  layout: [{ items: [{ widget: 'body', span: 12 }] }],
};

describe('locations filter', () => {
  it("shows 'Global' as its value and 'No countries found' as a disabled message", async () => {
    renderPage(page, { fetcher: fakeFetcher({}).fetcher });
    const box = (await screen.findByRole('combobox', { name: 'Locations' })) as HTMLInputElement;
    expect(box.value).toBe('Global');
    expect(box.placeholder).toBe('');
    const user = userEvent.setup();
    await user.click(box);
    await waitFor(() => expect(box.value).toBe(''));
    await user.type(box, 'zzzz');
    const none = (await screen.findByText('No countries found')).closest('[role="option"], [role="menuitemcheckbox"]')!;
    expect(none.getAttribute('aria-disabled')).toBe('true');
  });

  it("offers only the countries the brand's prompts use (and any already chosen), not every country", async () => {
    localStorage.setItem('located-filters', JSON.stringify({ selectedLocations: ['FR'] }));
    try {
      renderPage(page, { fetcher: fakeFetcher({}).fetcher, scope: fakeScope({ ...TEST_BRAND, promptLocations: ['GB', 'DE'] }) });
      const box = await screen.findByRole('combobox', { name: 'Locations' });
      await userEvent.setup().click(box);
      await waitFor(() => expect(screen.getAllByRole('menuitemcheckbox').map((o) => o.textContent)).toEqual(['Global', 'France', 'Germany', 'United Kingdom']));
    } finally {
      localStorage.removeItem('located-filters');
    }
  });
});
