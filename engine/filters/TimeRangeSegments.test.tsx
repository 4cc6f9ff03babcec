import { describe, expect, it, afterEach } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { TimeRangeSegments } from './TimeRangeSegments';
import { TIME_RANGE_LABELS } from './timeRangeOptions';

afterEach(cleanup);

const options = ['24h', '7d', '30d', 'custom'].map((value) => ({ value, label: TIME_RANGE_LABELS[value] }));

describe('time range segments', () => {
  it('shows one pressed button for the current value and reports clicks', () => {
    const picked: string[] = [];
    render(
      <FluentProvider theme={webLightTheme}>
        <TimeRangeSegments label="Time range" options={options} value="7d" onSelect={(v) => picked.push(v)} />
      </FluentProvider>,
    );
    const group = screen.getByRole('group', { name: 'Time range' });
    const buttons = Array.from(group.querySelectorAll('button'));
    expect(buttons.map((b) => b.textContent)).toEqual(['Last 24 hours', 'Last 7 days', 'Last 30 days', 'Custom date range']);
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false', 'false']);
    fireEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    fireEvent.click(screen.getByRole('button', { name: 'Custom date range' }));
    expect(picked).toEqual(['30d', 'custom']);
  });
});
