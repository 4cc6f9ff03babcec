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
  time?: unknown;
}

export interface ChartTemplate {
  /** Where the chart sits: the widget id (or the path to a nested chart). */
  widget: string;
  spec: VegaLiteSpec;
}

/** The Vega-Lite spec the chart widget embeds for each chart config found anywhere in a page. */
export function chartTemplates(page: unknown): VegaLiteSpec[] {
  return chartsOf(page).map((c) => c.spec);
}

export function chartsOf(page: unknown): ChartTemplate[] {
  const out: ChartTemplate[] = [];
  const walk = (v: unknown, path: string[]) => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, [...path, String(i)]));
    if (!v || typeof v !== 'object') return;
    const w = v as ChartLike;
    if (w.type === 'chart' && w.spec && typeof w.spec === 'object') {
      const spec = buildChartSpec(w.spec as VegaLiteSpec, { height: w.height, seriesField: w.series?.field, timeAxis: !!w.time });
      out.push({ widget: path[0] === 'widgets' && path.length === 2 ? path[1] : path.join('.'), spec });
    }
    for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
  };
  walk(page, []);
  return out;
}

/** A page whose chart does not compile: the build stops with every such chart listed. */
export class ChartCompileError extends Error {
  constructor(readonly failures: string[]) {
    super(`Chart specs that do not compile:\n${failures.map((f) => `  ${f}`).join('\n')}`);
    this.name = 'ChartCompileError';
  }
}

/** Vega specs by specKey; pages are { file, page } (or bare page objects, named by their id). */
export async function compileCharts(pages: Array<unknown | { file: string; page: unknown }>): Promise<Record<string, unknown>> {
  const { compile } = await import('vega-lite');
  const out: Record<string, unknown> = {};
  const failures: string[] = [];
  for (const entry of pages) {
    const named = entry && typeof entry === 'object' && 'file' in entry && 'page' in entry;
    const page = named ? (entry as { page: unknown }).page : entry;
    const file = named ? (entry as { file: string }).file : String((page as { id?: unknown })?.id ?? 'page');
    for (const { widget, spec } of chartsOf(page)) {
      try {
        out[specKey(spec)] = compile(spec as never).spec;
      } catch (e) {
        failures.push(`${file}: widget '${widget}': ${(e as Error).message}`);
      }
    }
  }
  if (failures.length) throw new ChartCompileError(failures);
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
      const pages: Array<{ file: string; page: unknown }> = [];
      for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
        const file = join(dir, name);
        this.addWatchFile(file);
        try {
          pages.push({ file: join(pagesDir, name), page: JSON.parse(readFileSync(file, 'utf8')) });
        } catch {
          // An unparsable page fails its own import with a clearer error.
        }
      }
      return `export default ${JSON.stringify(await compileCharts(pages))};`;
    },
  };
}
