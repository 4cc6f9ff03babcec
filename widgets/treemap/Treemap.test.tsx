import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Treemap, { type TreemapConfig } from './Treemap';
import { countBy, squarify } from './squarify';
import { MotionBehaviourProvider } from '@fluentui/react-motion';
import { renderInPageContext } from '../../engine/testing';
import valid from './fixtures/valid.json';
import response from './fixtures/response.json';

// happy-dom's Web Animations reject on cancel: no motion in tests
const show = () => renderInPageContext(<MotionBehaviourProvider value="skip"><Treemap id="w" config={config} data={structuredClone(response)} /></MotionBehaviourProvider>);
const config = valid as unknown as TreemapConfig;
const rows = response as Array<Record<string, unknown>>;

describe('squarify', () => {
  it('fills the box with areas proportional to the values and no overlaps', () => {
    const values = [6, 6, 4, 3, 2, 2, 1];
    const tiles = squarify(values.map((value, i) => ({ item: i, value })), 600, 400);
    expect(tiles).toHaveLength(values.length);
    const total = values.reduce((a, b) => a + b, 0);
    for (const t of tiles) {
      expect(t.w * t.h).toBeCloseTo((t.value / total) * 600 * 400, 6);
      expect(t.x).toBeGreaterThanOrEqual(-1e-9);
      expect(t.y).toBeGreaterThanOrEqual(-1e-9);
      expect(t.x + t.w).toBeLessThanOrEqual(600 + 1e-9);
      expect(t.y + t.h).toBeLessThanOrEqual(400 + 1e-9);
    }
    for (const a of tiles)
      for (const b of tiles) {
        if (a === b) continue;
        const overlap = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
        expect(overlap).toBeLessThan(1e-6);
      }
  });

  it('skips zero values and an empty box', () => {
    expect(squarify([{ item: 'a', value: 0 }], 100, 100)).toEqual([]);
    expect(squarify([{ item: 'a', value: 1 }], 0, 100)).toEqual([]);
  });

  it('counts rows per author, empty authors under Unknown, largest first', () => {
    expect(countBy(rows, 'author', 'Unknown').map((g) => [g.name, g.count])).toEqual([
      ['Unknown', 5],
      ['Chanelle Bessette', 3],
      ['Marco Rossi', 1],
      ['Revolut Team', 1],
    ]);
  });
});

describe('treemap', () => {
  it('draws one tile per author with its count', () => {
    show();
    const tiles = screen.getAllByTestId('treemap-tile');
    expect(tiles.map((t) => [t.dataset.name, t.dataset.count])).toEqual([
      ['Unknown', '5'],
      ['Chanelle Bessette', '3'],
      ['Marco Rossi', '1'],
      ['Revolut Team', '1'],
    ]);
  });

  it('opens "Citations from {author}" listing title, domain, cut URL, meta and an Open link', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Unknown: 5' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Citations from Unknown')).toBeTruthy();
    const items = within(dialog).getAllByTestId('treemap-detail-item');
    expect(items).toHaveLength(5);
    const last = items[4];
    expect(last.textContent).toContain('Untitled Citation');
    expect(last.textContent).toContain('Unknown Domain');
    expect(last.textContent).toContain(`${String(rows[9].url).slice(0, 100)}…`);
    expect(last.querySelector('[data-field="provider"]')!.textContent).toBe(rows[9].provider === 'openai' ? 'Chat GPT' : 'Perplexity');
    expect(last.querySelector('[data-field="runLocation"]')!.textContent).toBe('Germany');
    const open = within(items[0]).getByRole('link', { name: /Open/ });
    expect(open.getAttribute('href')).toBe(rows[0].url);
    expect(open.getAttribute('target')).toBe('_blank');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
