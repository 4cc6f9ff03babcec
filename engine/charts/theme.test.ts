import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { parse, View } from 'vega';
import { buildChartSpec, DATA_NAME } from './embed';
import { LIGHT_CHART_COLORS, vegaTheme } from './theme';

// Dark mode: the chart takes the app theme's colours and never paints a white plot background.
const DARK = { text: '#ffffff', muted: '#d6d6d6', grid: '#3d3d3d', line: '#666666' };

async function svgOf(colors: typeof DARK) {
  const spec = buildChartSpec({ mark: 'bar', title: 'Share', encoding: { x: { field: 'c', type: 'nominal' }, y: { field: 'v', type: 'quantitative' } } });
  const view = new View(parse(compile(spec as never).spec, vegaTheme(colors) as never), { renderer: 'none' });
  view.width(400);
  view.data(DATA_NAME, [{ c: 'A', v: 1 }]);
  await view.runAsync();
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}

describe('chart theme', () => {
  it('dark: no white background, labels and titles in the theme colours', async () => {
    const svg = await svgOf(DARK);
    expect(svg).not.toMatch(/fill="(white|#fff|#ffffff)"(?![^<]*<\/text>)/i);
    const labels = [...svg.matchAll(/<text[^>]*fill="([^"]+)"[^>]*>([^<]*)<\/text>/g)];
    expect(labels.find((m) => m[2] === 'A')?.[1]).toBe(DARK.muted);
    expect(labels.find((m) => m[2] === 'Share')?.[1]).toBe(DARK.text);
    expect(svg).toContain(`stroke="${DARK.grid}"`);
  });

  it('light keeps dark text on the light card', async () => {
    const svg = await svgOf(LIGHT_CHART_COLORS);
    const labels = [...svg.matchAll(/<text[^>]*fill="([^"]+)"[^>]*>([^<]*)<\/text>/g)];
    expect(labels.find((m) => m[2] === 'A')?.[1]).toBe(LIGHT_CHART_COLORS.muted);
  });
});
