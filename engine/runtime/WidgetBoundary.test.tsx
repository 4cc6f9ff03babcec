import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createWidgetRegistry } from '../host/widgetRegistry';
import { renderInPageContext } from './testing';
import { WidgetHost } from './WidgetHost';

// A widget that fails (its code does not load: server unreachable; or it throws while rendering)
// shows its own error copy with Retry in its card; the rest of the page keeps working.
describe('widget error boundary', () => {
  it("shows the card's error copy when a kind's code fails to load, and Retry loads it again", async () => {
    let fail = true;
    const registry = createWidgetRegistry([
      {
        type: 'flaky',
        frame: 'card',
        load: () => (fail ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve({ default: () => <p>Loaded now</p> })),
      },
      { type: 'steady', frame: 'card', load: () => Promise.resolve({ default: () => <p>Steady widget</p> }) },
    ]);
    const reportError = vi.fn();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderInPageContext(
      <>
        <WidgetHost id="a" config={{ type: 'flaky', title: 'Ranking', states: { error: { title: 'Failed to load ranking data' } } }} />
        <WidgetHost id="b" config={{ type: 'steady', title: 'Other' }} />
      </>,
      undefined,
      { widgets: registry, reportError },
    );
    expect(await screen.findByText('Failed to load ranking data')).toBeTruthy();
    expect(await screen.findByText('Steady widget')).toBeTruthy();
    expect(reportError).toHaveBeenCalledWith(expect.any(TypeError), expect.objectContaining({ widget: 'a', type: 'flaky' }));
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Loaded now')).toBeTruthy();
    expect(screen.queryByText('Failed to load ranking data')).toBeNull();
    quiet.mockRestore();
  });

  it('keeps a render error inside the widget', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    const registry = createWidgetRegistry([{ type: 'broken', frame: 'card', load: () => Promise.resolve({ default: Broken }) }]);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderInPageContext(<WidgetHost id="a" config={{ type: 'broken', title: 'Card' }} />, undefined, { widgets: registry });
    expect(await screen.findByText('Failed to load data')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Card' })).toBeTruthy();
    spy.mockRestore();
  });
});
