import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, vi } from 'vitest';

// Helpers shared by the table's component tests (not shipped: only *.test.tsx import them).

/** A one-widget page around a table config, as the page schema validates it. */
export function pageWith(widget: unknown) {
  return { version: 1, id: 't', route: '/t', title: 'T', widgets: { w: widget }, layout: [{ items: [{ widget: 'w' }] }] };
}

/** The first cell of each body row of the table named `name` (the Cited Domains fixtures' domains). */
export function firstCells(name = 'Cited Domains'): Array<string | null> {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0].textContent);
}

/** The domains the Cited Domains table shows, in order. */
export const domains = () => firstCells('Cited Domains');

/** Chooses Export → CSV on the widget shown and gives back the one file it writes, as its lines. */
export async function exportCsvLines(): Promise<string[]> {
  const saved: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return 'blob:export';
  });
  fireEvent.click(screen.getByRole('button', { name: /Export/ }));
  fireEvent.click(await screen.findByRole('menuitem', { name: /csv/i }));
  await waitFor(() => expect(saved).toHaveLength(1), { timeout: 10_000 });
  return (await saved[0].text()).trim().split(/\r?\n/);
}
