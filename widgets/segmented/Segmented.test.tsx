import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { WidgetConfig } from '../../engine';
import { renderWidget } from '../../engine/testing';
import valid from './fixtures/valid.json';

describe('segmented widget', () => {
  it('marks the current filter value and sets the filter on click', async () => {
    const setFilter = vi.fn();
    renderWidget(valid as unknown as WidgetConfig, { filters: { promptPerformance: 'top' }, setFilter });
    const top = await screen.findByRole('button', { name: 'Top Performing' });
    expect(top.getAttribute('aria-pressed')).toBe('true');
    const worst = screen.getByRole('button', { name: 'Needs Attention' });
    expect(worst.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(worst);
    expect(setFilter).toHaveBeenCalledWith('promptPerformance', 'worst');
    expect(screen.getByRole('group', { name: 'Prompt performance' })).toBeTruthy();
  });
});
