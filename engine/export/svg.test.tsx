import { describe, expect, it, vi } from 'vitest';
import { EXPORT_MESSAGES } from './errors';
import { chartSvgText, exportSvg } from './svg';

describe('SVG export of a chart', () => {
  it("writes the chart's SVG as a standalone file on a white background", () => {
    const el = document.createElement('div');
    el.innerHTML = '<svg width="300" height="200"><g><path d="M0,0L10,10"></path></g></svg>';
    const text = chartSvgText(el);
    expect(text.startsWith('<?xml')).toBe(true);
    expect(text).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(text).toMatch(/<rect[^>]*fill="#ffffff"/);
    expect(text).toContain('<path d="M0,0L10,10"');
  });

  it('fails with the spec copy for a missing element and for an element without SVG', async () => {
    const report = vi.fn();
    await expect(exportSvg(null, 'x', report)).rejects.toThrow(EXPORT_MESSAGES.invalidChart);
    await expect(exportSvg(document.createElement('div'), 'x', report)).rejects.toThrow('No SVG element found in chart');
  });

  it("an unexpected failure becomes 'Failed to export chart as SVG' and is reported", async () => {
    const report = vi.fn();
    const el = document.createElement('div');
    el.innerHTML = '<svg></svg>';
    const boom = new Error('serializer');
    const spy = vi.spyOn(XMLSerializer.prototype, 'serializeToString').mockImplementation(() => {
      throw boom;
    });
    await expect(exportSvg(el, 'x', report)).rejects.toThrow('Failed to export chart as SVG');
    expect(report).toHaveBeenCalledWith(boom, { area: 'export', format: 'svg', filename: 'x' });
    spy.mockRestore();
  });
});
