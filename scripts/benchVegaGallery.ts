// npm run bench:gallery [-- --specs DIR] [--limit N] [--no-draw]
//
// Measures the chart widget and its lint on the official Vega-Lite example gallery: every gallery
// spec is placed as the spec of a chart widget in a minimal page and
//   1. linted (npm run lint:pages' lintPages): a valid spec must pass without errors;
//   2. seeded with author mistakes (misspelt channel, mark, field type, aggregate and transform
//      ops, transform): each must be reported at the mistake with a "did you mean";
//   3. drawn in Chromium by the chart widget's own code (buildChartSpec + createVegaView, the
//      functions the widget calls): drawn = no error, a non-empty SVG with data marks.
// The gallery (site/_data/examples.json and examples/specs/*.vl.json of vega-lite's release tag)
// is downloaded at run time into .cache/vega-gallery/ (ignored by git, never committed) when the
// network reaches it; specs already there (or in --specs DIR) are used otherwise. Data files the
// specs load by URL come from the vega-datasets npm package (npm pack, into the same cache) and are
// inlined as data.values, the form a page uses for a chart's own data.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { lintPages } from '../engine/lint/lint.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CACHE = join(ROOT, '.cache', 'vega-gallery');

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

type Spec = Record<string, unknown>;

function vegaLiteVersion(): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'vega-lite', 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** Names of the gallery's examples (the site's list), flattened from its groups. */
function galleryNames(index: unknown): string[] {
  const names: string[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (typeof o.name === 'string' && !('examples' in o)) names.push(o.name);
    Object.values(o).forEach(visit);
  };
  visit(index);
  return [...new Set(names)];
}

async function fetchText(url: string): Promise<string | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    return res.ok ? await res.text() : null;
  } catch {
    return null;
  }
}

/** The gallery specs by name: downloaded when reachable, else what the cache (or --specs) holds. */
async function gallerySpecs(version: string): Promise<{ specs: Map<string, Spec>; source: string }> {
  const dir = option('--specs') ? resolve(option('--specs')!) : join(CACHE, `v${version}`);
  mkdirSync(dir, { recursive: true });
  const raw = `https://raw.githubusercontent.com/vega/vega-lite/v${version}`;
  let source = `cached in ${dir}`;
  if (!option('--specs')) {
    const index = await fetchText(`${raw}/site/_data/examples.json`);
    if (index) {
      writeFileSync(join(dir, 'examples.json'), index);
      const names = galleryNames(JSON.parse(index));
      let fetched = 0;
      for (const name of names) {
        const file = join(dir, `${name}.vl.json`);
        if (existsSync(file)) continue;
        const text = await fetchText(`${raw}/examples/specs/${name}.vl.json`);
        if (!text) continue;
        writeFileSync(file, text);
        fetched++;
      }
      source = `gallery of v${version} (${names.length} examples, ${fetched} downloaded now), cached in ${dir}`;
    } else {
      source = `gallery not reachable; the specs cached in ${dir}`;
    }
  }
  const listed = existsSync(join(dir, 'examples.json')) ? galleryNames(JSON.parse(readFileSync(join(dir, 'examples.json'), 'utf8'))) : null;
  const specs = new Map<string, Spec>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.vl.json')).sort()) {
    const name = file.replace(/\.vl\.json$/, '');
    if (listed && !listed.includes(name)) continue;
    specs.set(name, JSON.parse(readFileSync(join(dir, file), 'utf8')) as Spec);
  }
  return { specs, source };
}

/** vega-datasets' data/ folder, unpacked from its npm package into the cache. */
function datasetsDir(): string {
  const dir = join(CACHE, 'vega-datasets');
  if (existsSync(join(dir, 'package', 'data'))) return join(dir, 'package', 'data');
  mkdirSync(dir, { recursive: true });
  const tarball = execFileSync('npm', ['pack', 'vega-datasets', '--silent', '--pack-destination', dir], { encoding: 'utf8' }).trim().split('\n').pop()!;
  execFileSync('tar', ['-xzf', join(dir, tarball), '-C', dir]);
  return join(dir, 'package', 'data');
}

/** The spec with every `data: {url}` replaced by the file's contents as inline values. */
function inlineData(spec: unknown, data: string): { spec: unknown; missing: string[] } {
  const missing: string[] = [];
  const visit = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(visit);
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    if (typeof o.url === 'string' && ('format' in o || /\.(json|csv|tsv|topojson|arrow|dsv)$/.test(o.url)) && !('mark' in o)) {
      const file = join(data, o.url.replace(/^.*data\//, ''));
      if (!existsSync(file)) {
        missing.push(o.url);
        return o;
      }
      const text = readFileSync(file, 'utf8');
      const format = { ...(o.format as Record<string, unknown> | undefined) };
      if (!format.type) format.type = file.endsWith('.csv') ? 'csv' : file.endsWith('.tsv') ? 'tsv' : 'json';
      const { url: _url, ...rest } = o;
      void _url;
      return { ...rest, format, values: format.type === 'json' || format.type === 'topojson' ? JSON.parse(text) : text };
    }
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o)) out[k] = visit(x);
    return out;
  };
  return { spec: visit(spec), missing };
}

function pageOf(spec: unknown, n = 0): string {
  return JSON.stringify({
    version: 1,
    id: `gallery-${n}`,
    route: `/app/gallery/${n}`,
    title: 'Gallery',
    widgets: { chart: { type: 'chart', title: 'Gallery chart', spec } },
    layout: [{ items: [{ widget: 'chart', span: 12 }] }],
  });
}


// Seeded mistakes: a mutation of a spec, and the key or value it must be reported at.
interface Seed {
  kind: string;
  apply: (spec: Spec) => { spec: Spec; at: string } | null;
}

/** The first object at any depth holding `key`, as a JSON pointer and the object itself. */
function findKey(spec: unknown, test: (key: string, value: unknown, parentKey: string) => boolean, path = '', parentKey = ''): { pointer: string; owner: Record<string, unknown>; key: string } | null {
  if (Array.isArray(spec)) {
    for (let i = 0; i < spec.length; i++) {
      const hit = findKey(spec[i], test, `${path}/${i}`, parentKey);
      if (hit) return hit;
    }
    return null;
  }
  if (!spec || typeof spec !== 'object') return null;
  for (const [k, v] of Object.entries(spec)) {
    if (test(k, v, parentKey)) return { pointer: `${path}/${k}`, owner: spec as Record<string, unknown>, key: k };
    const hit = findKey(v, test, `${path}/${k}`, k);
    if (hit) return hit;
  }
  return null;
}

function renameChannel(from: string, to: string): Seed['apply'] {
  return (spec) => {
    const copy = structuredClone(spec);
    const hit = findKey(copy, (k, _v, parent) => parent === 'encoding' && k === from);
    if (!hit) return null;
    const entries = Object.entries(hit.owner).map(([k, v]) => [k === from ? to : k, v]);
    for (const k of Object.keys(hit.owner)) delete hit.owner[k];
    Object.assign(hit.owner, Object.fromEntries(entries));
    return { spec: copy, at: hit.pointer.replace(/[^/]+$/, to) };
  };
}

function replaceValue(test: (key: string, value: unknown, parent: string) => boolean, to: (v: string) => string): Seed['apply'] {
  return (spec) => {
    const copy = structuredClone(spec);
    const hit = findKey(copy, test);
    if (!hit) return null;
    hit.owner[hit.key] = to(String(hit.owner[hit.key]));
    return { spec: copy, at: hit.pointer };
  };
}

const SEEDS: Seed[] = [
  { kind: 'channel colour', apply: renameChannel('color', 'colour') },
  { kind: 'channel X', apply: renameChannel('x', 'X') },
  { kind: 'channel opactiy', apply: renameChannel('opacity', 'opactiy') },
  { kind: 'mark typo', apply: replaceValue((k, v, p) => ((k === 'mark' && typeof v === 'string') || (p === 'mark' && k === 'type')) && v !== 'bar', (v) => `${v}s`) },
  { kind: 'field type typo', apply: replaceValue((k, v) => k === 'type' && v === 'quantitative', () => 'quantitive') },
  { kind: 'aggregate sum→sume', apply: replaceValue((k, v) => k === 'aggregate' && v === 'sum', () => 'sume') },
  { kind: 'aggregate count→cnt', apply: replaceValue((k, v) => k === 'aggregate' && v === 'count', () => 'cnt') },
  { kind: 'aggregate mean→avg', apply: replaceValue((k, v) => k === 'aggregate' && v === 'mean', () => 'avg') },
  { kind: 'transform op sum→total', apply: replaceValue((k, v) => k === 'op' && v === 'sum', () => 'total') },
  { kind: 'transform op mean→avg', apply: replaceValue((k, v) => k === 'op' && v === 'mean', () => 'avg') },
  { kind: 'transform calculate→calcualte', apply: renameKey('calculate', 'calcualte') },
];

function renameKey(from: string, to: string): Seed['apply'] {
  return (spec) => {
    const copy = structuredClone(spec);
    const hit = findKey(copy, (k, _v, parent) => k === from && parent !== 'encoding');
    if (!hit) return null;
    const entries = Object.entries(hit.owner).map(([k, v]) => [k === from ? to : k, v]);
    for (const k of Object.keys(hit.owner)) delete hit.owner[k];
    Object.assign(hit.owner, Object.fromEntries(entries));
    return { spec: copy, at: hit.pointer.replace(/[^/]+$/, to) };
  };
}

async function drawAll(specs: Array<{ name: string; spec: unknown }>): Promise<Map<string, { ok: boolean; error?: string; width?: number; height?: number; items?: number }>> {
  const { build } = await import('vite');
  const outDir = join(CACHE, 'draw');
  const entry = join(ROOT, 'scripts', 'benchVegaGallery.entry.ts');
  await build({
    configFile: false,
    logLevel: 'error',
    root: ROOT,
    build: { outDir, emptyOutDir: true, lib: { entry, formats: ['iife'], name: 'gallery', fileName: () => 'draw.js' }, minify: false },
    plugins: [
      {
        name: 'no-precompiled-charts',
        resolveId: (id: string) => (id === 'virtual:chart-vega-specs' ? '\0precompiled' : undefined),
        load: (id: string) => (id === '\0precompiled' ? 'export default {};' : undefined),
      },
    ],
  });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
  await page.setContent('<!doctype html><html><body style="margin:0"><div id="card" style="width:800px"></div></body></html>');
  await page.addScriptTag({ content: readFileSync(join(outDir, 'draw.js'), 'utf8') });
  const out = new Map<string, { ok: boolean; error?: string; width?: number; height?: number; items?: number }>();
  for (const { name, spec } of specs) {
    const result = await page.evaluate(
      async (s) => (window as unknown as { drawChart: (s: unknown) => Promise<{ ok: boolean; error?: string }> }).drawChart(s),
      spec,
    );
    out.set(name, result);
  }
  await browser.close();
  return out;
}

async function main() {
  const started = Date.now();
  const version = vegaLiteVersion();
  const { specs, source } = await gallerySpecs(version);
  const limit = Number(option('--limit') ?? Infinity);
  const entries = [...specs.entries()].slice(0, limit);
  console.log(`vega-lite ${version}; ${source}; ${entries.length} specs; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} CPUs`);
  if (!entries.length) {
    console.log('no gallery specs to measure: put the gallery .vl.json files in the cache folder or pass --specs DIR');
    return;
  }
  const data = datasetsDir();
  const inlined = entries.map(([name, spec]) => ({ name, ...inlineData(spec, data) }));

  // 1. Lint: every valid spec accepted.
  // All specs in one lint run, one page each, as lint:pages runs over pages/.
  const lintStart = Date.now();
  const diagnostics = await lintPages(inlined.map(({ name, spec }, i) => ({ file: `${name}.json`, text: pageOf(spec, i) })), { cwd: '/' });
  const lintMs = Date.now() - lintStart;
  const refused: string[] = [];
  for (const { name } of inlined) {
    const errors = diagnostics.filter((d) => d.severity === 'error' && d.file.endsWith(`${name}.json`));
    if (errors.length) refused.push(`${name}: ${errors.map((e) => `${e.rule} ${e.message}`).join(' | ').slice(0, 200)}`);
  }
  console.log(`\nlint: ${inlined.length - refused.length}/${inlined.length} accepted in ${lintMs} ms, ${(lintMs / inlined.length).toFixed(0)} ms a spec)`);
  for (const r of refused) console.log(`  refused ${r}`);

  // 2. Seeded mistakes: one spec per kind of mistake (the first the mutation applies to).
  let seeded = 0;
  let located = 0;
  const misses: string[] = [];
  for (const seed of SEEDS) {
    for (const { name, spec } of inlined) {
      const mutated = seed.apply(spec as Spec);
      if (!mutated) continue;
      seeded++;
      const diagnostics = (await lintPages([{ file: 'gallery.json', text: pageOf(mutated.spec) }])).filter((d) => d.severity === 'error');
      const pointer = `/widgets/chart/spec${mutated.at}`;
      const hit = diagnostics.find((d) => d.pointer === pointer && /did you mean/.test(d.message));
      if (hit) located++;
      else misses.push(`${seed.kind} in ${name} (expected at ${pointer}): ${diagnostics.map((d) => `${d.pointer} ${d.message}`).join(' | ') || 'not reported'}`);
      break;
    }
  }
  console.log(`\nseeded mistakes: ${located}/${seeded} reported at the mistake with 'did you mean'`);
  for (const m of misses) console.log(`  ${m.slice(0, 300)}`);

  // 3. Drawn in Chromium by the widget's code.
  if (!flag('--no-draw')) {
    const drawStart = Date.now();
    const drawn = await drawAll(inlined);
    const failed = [...drawn.entries()].filter(([, r]) => !r.ok);
    console.log(`\ndrawn in Chromium: ${drawn.size - failed.length}/${drawn.size} (${((Date.now() - drawStart) / drawn.size).toFixed(0)} ms a spec)`);
    for (const [name, r] of failed) console.log(`  not drawn ${name}: ${r.error}`);
  }
  console.log(`\n${((Date.now() - started) / 1000).toFixed(1)} s; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

await main();
