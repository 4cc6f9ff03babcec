import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { buildChartSpec, specKey, type VegaLiteSpec } from './buildSpec.ts';

// Build step: every chart widget of pages/*.json is compiled from Vega-Lite to Vega here, so the
// browser only loads Vega. The runtime looks a spec up by specKey(buildChartSpec(...)) and
// compiles anything else itself (vegaView.ts).
export const VIRTUAL_ID = 'virtual:chart-vega-specs';
const RESOLVED_ID = '\0' + VIRTUAL_ID;

interface ChartLike {
  type?: unknown;
  spec?: unknown;
  height?: number;
  series?: { field?: string };
}

/** The Vega-Lite spec the chart widget embeds for each chart config found anywhere in a page. */
export function chartTemplates(page: unknown): VegaLiteSpec[] {
  const out: VegaLiteSpec[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    const w = v as ChartLike;
    if (w.type === 'chart' && w.spec && typeof w.spec === 'object') {
      out.push(buildChartSpec(w.spec as VegaLiteSpec, { height: w.height, seriesField: w.series?.field }));
    }
    Object.values(v).forEach(walk);
  };
  walk(page);
  return out;
}

export async function compileCharts(pages: unknown[]): Promise<Record<string, unknown>> {
  const { compile } = await import('vega-lite');
  const out: Record<string, unknown> = {};
  for (const page of pages) {
    for (const spec of chartTemplates(page)) {
      try {
        out[specKey(spec)] = compile(spec as never).spec;
      } catch {
        // Reported by the page lint (vega-lite rule); the browser compiles it and shows the error.
      }
    }
  }
  return out;
}

export function chartSpecsPlugin(pagesDir = 'pages'): Plugin {
  return {
    name: 'answerscope:chart-vega-specs',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const dir = resolve(pagesDir);
      const pages: unknown[] = [];
      for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
        const file = join(dir, name);
        this.addWatchFile(file);
        try {
          pages.push(JSON.parse(readFileSync(file, 'utf8')));
        } catch {
          // An unparsable page fails its own import with a clearer error.
        }
      }
      return `export default ${JSON.stringify(await compileCharts(pages))};`;
    },
  };
}
