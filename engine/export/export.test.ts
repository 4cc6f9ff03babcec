import { describe, expect, it, vi } from 'vitest';
import { EXPORT_MESSAGES, ExportError, guardExport } from './errors';
import { exportCsv } from './csv';
import { exportExcel } from './excel';
import { withTimeout } from './png';

describe('exports', () => {
  it("an empty export says 'No data to export'", async () => {
    const report = vi.fn();
    await expect(exportCsv([], [{ header: 'a', value: () => 1 }], 'x', report)).rejects.toThrow(EXPORT_MESSAGES.empty);
    await expect(exportExcel([], [{ header: 'a', value: () => 1 }], 'x', report)).rejects.toThrow(EXPORT_MESSAGES.empty);
    // nothing went wrong: an empty list is not reported
    expect(report).not.toHaveBeenCalled();
  });

  it('wraps unknown failures in the format copy and rethrows', async () => {
    const report = vi.fn();
    const disk = new Error('disk');
    await expect(guardExport(EXPORT_MESSAGES.csv, { format: 'csv' }, report, async () => Promise.reject(disk))).rejects.toThrow('Failed to export CSV');
    expect(report).toHaveBeenCalledWith(disk, { area: 'export', format: 'csv' });
  });

  it('times out PNG work after the given time with the spec copy', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => {});
    const result = withTimeout(never, 10_000, EXPORT_MESSAGES.pngTimeout);
    vi.advanceTimersByTime(10_000);
    await expect(result).rejects.toEqual(new ExportError('PNG export timed out after 10 seconds'));
    vi.useRealTimers();
  });

  it('passes results through before the time-out', async () => {
    await expect(withTimeout(Promise.resolve(5), 10_000, 'late')).resolves.toBe(5);
  });
});
