import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorState } from './WidgetStates';

describe('ErrorState', () => {
  it("fills {message} in error copy with the failure's message and retries on click", () => {
    const retry = vi.fn();
    render(<ErrorState copy={{ title: 'Error loading AI providers data: {message}' }} message="Request timeout" onRetry={retry} />);
    expect(screen.getByText('Error loading AI providers data: Request timeout')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
