import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { parse, View } from 'vega';
import { computeWindow } from '../time/windows';
import { buildChartSpec, DATA_NAME } from './embed';
import { clampToWindow, timeAxisSignals, timeTicks } from './timeAxis';

const iso = (t: number) => new Date(t).toISOString();
const now = new Date('2026-03-15T13:45:10.000Z');

describe('time axis ticks', () => {
  it('daily (7 days): one tick per UTC midnight, every label a weekday and day, no noon ticks', () => {
    const w = computeWindow('7d', null, now);
    const { ticks, format, formatShort } = timeTicks({ start: w.start, end: w.end, interval: w.interval, width: 900 });
    expect(ticks.map(iso)).toEqual(['08', '09', '10', '11', '12', '13', '14', '15'].map((d) => `2026-03-${d}T00:00:00.000Z`));
    expect(ticks.every((t) => t % 86_400_000 === 0)).toBe(true);
    expect([format, formatShort]).toEqual(['%a %d', '%a %d']);
  });

  it('hourly (24 hours): ticks on whole hours, as many as fit, the date at midnight', () => {
    const w = computeWindow('24h', null, now);
    const narrow = timeTicks({ start: w.start, end: w.end, interval: 'hour', width: 390 });
    expect(narrow.ticks.length).toBeLessThanOrEqual(Math.floor(390 / 64));
    const step = narrow.ticks[1] - narrow.ticks[0];
    expect(narrow.ticks.every((t) => t % step === 0 && step % 3_600_000 === 0)).toBe(true);
    const wide = timeTicks({ start: w.start, end: w.end, interval: 'hour', width: 1600 });
    expect(wide.ticks).toHaveLength(24);
    expect(wide.formatShort).toBe('%H:%M');
    expect(wide.format).toBe('%b %d');
  });

  it('weekly (30 days): Mondays inside the window, never before its start', () => {
    const w = computeWindow('30d', null, now);
    const { ticks } = timeTicks({ start: w.start, end: w.end, interval: w.interval, width: 900 });
    expect(ticks[0]).toBeGreaterThanOrEqual(Date.parse(w.start));
    expect(ticks.every((t) => new Date(t).getUTCDay() === 1)).toBe(true);
  });

  it('a bucket that began before the window is drawn at its start', () => {
    const rows = clampToWindow([{ t: '2026-02-09T00:00:00.000Z' }, { t: '2026-02-16T00:00:00.000Z' }], 't', '2026-02-13T00:00:00.000Z');
    expect(rows.map((r) => r.t)).toEqual(['2026-02-13T00:00:00.000Z', '2026-02-16T00:00:00.000Z']);
  });
});

describe('time axis drawn', () => {
  async function axis(range: string, custom: { from: string; to: string } | null, rows: Array<Record<string, unknown>>) {
    const w = computeWindow(range, custom, now);
    const spec = buildChartSpec({ mark: 'line', encoding: { x: { field: 't', type: 'temporal' }, y: { field: 'v', type: 'quantitative' }, color: { field: 's', type: 'nominal' } } }, { timeAxis: true, seriesField: 's' });
    const view = new View(parse(compile(spec as never).spec), { renderer: 'none' });
    for (const [n, v] of Object.entries(timeAxisSignals({ start: w.start, end: w.end, interval: w.interval, width: 800 }))) view.signal(n, v);
    view.width(800);
    view.data(DATA_NAME, clampToWindow(rows, 't', w.start));
    await view.runAsync();
    const svg = await view.toSVG();
    const domain = view.scale('x').domain().map((d: Date) => d.getTime());
    const labels = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    view.finalize();
    return { w, domain, labels };
  }

  it('the domain is the window and daily labels are all weekday + day (no 12 PM)', async () => {
    const rows = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ t: Date.UTC(2026, 2, 8 + d), v: d * 10, s: 'Acme' }));
    const { w, domain, labels } = await axis('7d', null, rows);
    expect(domain).toEqual([Date.parse(w.start), Date.parse(w.end)]);
    expect(labels.some((l) => /PM|AM/.test(l))).toBe(false);
    expect(labels).toEqual(expect.arrayContaining(['Sun 08', 'Mon 09', 'Sat 14', 'Sun 15']));
  });

  it('a 6-day custom range is drawn by day: one point per day, not one dot', async () => {
    const w = computeWindow('custom', { from: '2026-03-01', to: '2026-03-06' }, now);
    expect(w.interval).toBe('day');
    const { domain } = await axis('custom', { from: '2026-03-01', to: '2026-03-06' }, [{ t: Date.UTC(2026, 2, 1), v: 1, s: 'A' }]);
    expect(domain[0]).toBe(Date.parse('2026-03-01T00:00:00.000Z'));
  });
});
