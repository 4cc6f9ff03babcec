import { createRequire } from 'node:module';
import type { PageRule } from '../context';
import { bindingKeyOf, isObject, isVegaLiteSpec, walk, widgetsOf, type Obj } from '../pageModel';
import { didYouMean } from '../suggest';
import type { Path } from '../source';
import { buildChartSpec, DATA_NAME } from '../../charts/embed';
import { collectingLogger } from '../../charts/warnings';

// Vega-Lite specs inside widgets are checked as the chart widget draws them (engine/charts: data
// by name, container width where allowed, series and time signals) and compiled with vega-lite's
// own compile(). Before compiling, the names an author types (marks, channels, field types,
// aggregate and window ops, transforms) are checked against the vocabularies of vega-lite's JSON
// schema, each reported at the offending key or value with a "did you mean": vega-lite itself
// ignores an unknown channel or transform op silently, and its exceptions for a bad mark are
// cryptic. Compile warnings that mean part of the chart is not drawn (dropped, invalid, ignored)
// are errors; other warnings stay warnings.

const require = createRequire(import.meta.url);

interface Vocabulary {
  marks: string[];
  types: string[];
  channels: string[];
  aggregateOps: string[];
  windowOps: string[];
  /** The key that names each transform (aggregate, calculate, fold, …). */
  transforms: string[];
}

type SchemaDef = { enum?: string[]; anyOf?: { $ref?: string }[]; const?: string; required?: string[]; properties?: Obj };

// Read once per process from the schema (about 2 MB of JSON): every lint after the first reuses it.
let vocabulary: Vocabulary | null = null;
export function vegaLiteVocabulary(): Vocabulary {
  if (!vocabulary) {
    const defs = (require('vega-lite/vega-lite-schema.json') as { definitions: Record<string, SchemaDef> }).definitions;
    const refs = (name: string) => (defs[name]?.anyOf ?? []).map((r) => defs[String(r.$ref).split('/').pop()!]).filter(Boolean);
    // Composite marks (boxplot, errorbar, errorband) are each a const behind CompositeMark.
    const composite = refs('CompositeMark').map((d) => d.const).filter((m): m is string => !!m);
    const aggregateOps = defs.AggregateOp?.enum ?? [];
    vocabulary = {
      marks: [...(defs.Mark?.enum ?? []), ...composite],
      types: defs.Type?.enum ?? [],
      channels: Object.keys(defs.FacetedEncoding?.properties ?? {}),
      aggregateOps,
      windowOps: [...aggregateOps, ...(defs.WindowOnlyOp?.enum ?? [])],
      transforms: refs('Transform').map((d) => d.required?.[0]).filter((k): k is string => !!k),
    };
  }
  return vocabulary;
}

/** The spec without binding objects (they resolve at run time). */
function withoutBindings(spec: Obj): Obj {
  const strip = (v: unknown, key = ''): unknown => {
    if (key === 'values' || key === 'datasets') return v;
    if (Array.isArray(v)) return v.filter((x) => !bindingKeyOf(x)).map((x) => strip(x));
    if (!isObject(v)) return v;
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) if (!bindingKeyOf(x)) out[k] = strip(x, k);
    return out;
  };
  return strip(spec) as Obj;
}

type Report = (path: Path, message: string, options?: { severity?: 'warning'; key?: boolean }) => void;

// Names from other tools that vega-lite spells differently ('avg' is not a near miss of 'mean').
const SYNONYMS: Record<string, string> = { avg: 'mean', total: 'sum', cnt: 'count', std: 'stdev', stddev: 'stdev', med: 'median', colour: 'color', fillColor: 'fill' };

const unknown = (what: string, value: string, known: string[]) => {
  const synonym = SYNONYMS[value];
  const hint = synonym && known.includes(synonym) ? ` did you mean '${synonym}'?` : didYouMean(value, known);
  return `unknown Vega-Lite ${what} '${value}';${hint || ` ${what}s are ${known.join(', ')}`}`;
};

/** Field definitions of a channel: one, or a list (tooltip, detail), or a condition's. */
function channelDefs(def: unknown, path: Path): { def: Obj; path: Path }[] {
  if (Array.isArray(def)) return def.flatMap((d, i) => channelDefs(d, [...path, i]));
  if (!isObject(def)) return [];
  const out = [{ def, path }];
  if (isObject(def.condition)) out.push({ def: def.condition, path: [...path, 'condition'] });
  return out;
}

function checkEncoding(encoding: Obj, path: Path, report: Report): boolean {
  const v = vegaLiteVocabulary();
  let ok = true;
  for (const [channel, def] of Object.entries(encoding)) {
    if (!v.channels.includes(channel)) {
      report([...path, channel], unknown('channel', channel, v.channels), { key: true });
      ok = false;
      continue;
    }
    for (const { def: d, path: p } of channelDefs(def, [...path, channel])) {
      if (typeof d.type === 'string' && !v.types.includes(d.type)) {
        report([...p, 'type'], unknown('field type', d.type, v.types));
        ok = false;
      }
      if (typeof d.aggregate === 'string' && !v.aggregateOps.includes(d.aggregate)) {
        report([...p, 'aggregate'], unknown('aggregate op', d.aggregate, v.aggregateOps));
        ok = false;
      }
    }
  }
  return ok;
}

function checkTransform(step: unknown, path: Path, report: Report): boolean {
  const v = vegaLiteVocabulary();
  if (!isObject(step)) return true;
  const kind = v.transforms.find((t) => t in step);
  if (!kind) {
    const first = Object.keys(step)[0] ?? '';
    report(first ? [...path, first] : path, unknown('transform', first, v.transforms), { key: !!first });
    return false;
  }
  const opsOf: Record<string, string[]> = { aggregate: v.aggregateOps, joinaggregate: v.aggregateOps, window: v.windowOps };
  const ops = opsOf[kind];
  let ok = true;
  if (ops && Array.isArray(step[kind])) {
    (step[kind] as unknown[]).forEach((item, i) => {
      if (isObject(item) && typeof item.op === 'string' && !ops.includes(item.op)) {
        report([...path, kind, i, 'op'], unknown(`${kind} op`, item.op, ops));
        ok = false;
      }
    });
  }
  return ok;
}

/** Inline data (rows, GeoJSON) is not spec: its keys are never channels or marks. */
const isInlineData = (p: Path) => p[p.length - 1] === 'values' || p[p.length - 1] === 'datasets';

function precheck(spec: Obj, path: Path, report: Report): boolean {
  const { marks } = vegaLiteVocabulary();
  let ok = true;
  walk(spec, path, (value, p) => {
    if (isInlineData(p)) return false;
    const last = p[p.length - 1];
    const parent = p[p.length - 2];
    if (last === 'mark' || (parent === 'mark' && last === 'type')) {
      if (typeof value === 'string' && !marks.includes(value)) {
        report(p, unknown('mark', value, marks));
        ok = false;
      }
    }
    // A view's encoding (a field definition's keys are checked inside checkEncoding).
    if (last === 'encoding' && isObject(value)) {
      ok = checkEncoding(value, p, report) && ok;
      return false;
    }
    if (last === 'transform' && Array.isArray(value)) {
      value.forEach((step, i) => (ok = checkTransform(step, [...p, i], report) && ok));
      return false;
    }
  });
  return ok;
}

/** Data that brings its own rows (inline values, a URL, a generator): a name on it names that source, it does not refer to another. */
const SOURCES = ['values', 'url', 'sequence', 'sphere', 'graticule'];

/** Every `data: {"name": …}` without rows of its own reads the widget's rows ("table"), a set of the spec's `datasets` or one of the widget's `datasets` (calls). */
function checkDataNames(spec: Obj, path: Path, known: string[], report: Report): boolean {
  let ok = true;
  walk(spec, path, (value, p) => {
    if (isInlineData(p)) return false;
    if (p[p.length - 1] === 'data' && isObject(value) && typeof value.name === 'string' && !SOURCES.some((k) => k in value) && !known.includes(value.name)) {
      report([...p, 'name'], `unknown data set '${value.name}';${didYouMean(value.name, known) || ` data sets are ${known.join(', ')}`} (name the widget's rows "${DATA_NAME}", or declare it in the widget's "datasets" or the spec's "datasets")`);
      ok = false;
    }
  });
  return ok;
}

/** Warnings that mean vega-lite leaves part of the chart out. */
const DROPS = /drop|invalid|not a valid|ignor|incompatible|only works for|not supported|unrecognized|unknown/i;

/**
 * vega-lite's note that it drops fitting ("fit", "fit-x", "fit-y") for a step-sized view: when the
 * author set no autosize, the fitting is the widget's own (container width), nothing of the
 * author's chart is left out, and the author cannot act on it, so it is not reported.
 */
const WIDGET_FIT = /^Dropping "fit(-x|-y)?" because spec has discrete (width|height)/;

/** The channel a warning names, located in the spec when the spec has it. */
function warningPath(warning: string, spec: Obj, path: Path): { path: Path; key: boolean } {
  const channel = (/channel "?([a-zA-Z0-9]+)"?/.exec(warning) ?? /^"?([a-zA-Z0-9]+)"? dropped/.exec(warning))?.[1];
  let found: Path | null = null;
  if (channel) {
    walk(spec, path, (value, p) => {
      if (found || isInlineData(p)) return false;
      if (p[p.length - 2] === 'encoding' && p[p.length - 1] === channel) found = p;
    });
  }
  return found ? { path: found, key: true } : { path, key: false };
}

export const vegaLite: PageRule = {
  id: 'vega-lite',
  description: 'A Vega-Lite spec in a widget does not compile, or vega-lite leaves part of it out.',
  scope: 'page',
  async check(ctx) {
    const specs: { path: Path; spec: Obj; widget: Obj; own: boolean }[] = [];
    for (const [id, widget] of widgetsOf(ctx.page)) {
      walk(widget, ['widgets', id], (v, path) => {
        if (path.length > 2 && isVegaLiteSpec(v)) {
          specs.push({ path, spec: v, widget, own: path.length === 3 && path[2] === 'spec' });
          return false;
        }
      });
    }
    if (!specs.length) return;
    const { compile } = await import('vega-lite');
    for (const { path, spec, widget, own } of specs) {
      const report: Report = (p, message, options = {}) => ctx.report(this.id, { path: p, message, severity: options.severity, key: options.key });
      if (!precheck(spec, path, report)) continue;
      const named = [DATA_NAME, ...Object.keys(isObject(spec.datasets) ? spec.datasets : {}), ...(own && isObject(widget.datasets) ? Object.keys(widget.datasets) : [])];
      if (!checkDataNames(spec, path, named, report)) continue;
      const { logger, warnings } = collectingLogger();
      // The widget's own spec is compiled as the chart widget embeds it.
      const plain = withoutBindings(spec);
      const series = isObject(widget.series) && typeof widget.series.field === 'string' ? widget.series.field : undefined;
      const drawn = own
        ? buildChartSpec(plain, { height: typeof widget.height === 'number' ? widget.height : undefined, seriesField: series, timeAxis: isObject(widget.time) })
        : { data: { values: [] }, ...plain };
      try {
        compile(drawn as unknown as Parameters<typeof compile>[0], { logger: logger as never });
      } catch (e) {
        report(path, `Vega-Lite spec does not compile: ${(e as Error).message}`);
        continue;
      }
      for (const w of new Set(warnings)) {
        if (own && !('autosize' in spec) && WIDGET_FIT.test(w)) continue;
        const at = warningPath(w, spec, path);
        report(at.path, `Vega-Lite: ${w}`, { severity: DROPS.test(w) ? undefined : 'warning', key: at.key });
      }
    }
  },
};
