import { createRequire } from 'node:module';
import type { PageRule } from '../context';
import { bindingKeyOf, isObject, isVegaLiteSpec, walk, widgetsOf, type Obj } from '../pageModel';
import { didYouMean } from '../suggest';
import type { Path } from '../source';

// Vega-Lite specs inside widgets are compiled with vega-lite's own compile(). Its exceptions for
// a misspelt mark or field type are cryptic, so those two are checked first against the enums of
// vega-lite's JSON schema with a "did you mean"; compile warnings that mean "this part is ignored"
// (invalid, dropped) are errors, other warnings stay warnings.

const require = createRequire(import.meta.url);
let enums: { marks: string[]; types: string[] } | null = null;
function vegaEnums() {
  if (!enums) {
    const schema = require('vega-lite/vega-lite-schema.json') as { definitions: Record<string, { enum?: string[]; anyOf?: { $ref?: string }[]; const?: string }> };
    const defs = schema.definitions;
    // Composite marks (boxplot, errorbar, errorband) are each a const behind CompositeMark.
    const composite = (defs.CompositeMark?.anyOf ?? []).map((r) => defs[String(r.$ref).split('/').pop()!]?.const).filter((m): m is string => !!m);
    enums = { marks: [...(defs.Mark?.enum ?? []), ...composite], types: defs.Type?.enum ?? [] };
  }
  return enums;
}

/** The spec without binding objects (they resolve at run time), and with inline data if it has none. */
function compilable(spec: Obj): Obj {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.filter((x) => !bindingKeyOf(x)).map(strip);
    if (!isObject(v)) return v;
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) if (!bindingKeyOf(x)) out[k] = strip(x);
    return out;
  };
  const out = strip(spec) as Obj;
  if (!('data' in out)) out.data = { values: [] };
  return out;
}

type Report = (path: Path, message: string, severity?: 'warning') => void;

function precheck(spec: Obj, path: Path, report: Report): boolean {
  const { marks, types } = vegaEnums();
  let ok = true;
  walk(spec, path, (v, p) => {
    const last = p[p.length - 1];
    const parent = p[p.length - 2];
    if (last === 'mark' || (parent === 'mark' && last === 'type')) {
      if (typeof v === 'string' && !marks.includes(v)) {
        report(p, `unknown Vega-Lite mark '${v}';${didYouMean(v, marks) || ` marks are ${marks.join(', ')}`}`);
        ok = false;
      }
    }
    const grand = p[p.length - 3];
    if (last === 'type' && grand === 'encoding' && typeof v === 'string' && !types.includes(v)) {
      report(p, `unknown Vega-Lite field type '${v}';${didYouMean(v, types) || ` types are ${types.join(', ')}`}`);
      ok = false;
    }
  });
  return ok;
}

export const vegaLite: PageRule = {
  id: 'vega-lite',
  description: 'A Vega-Lite spec in a widget does not compile.',
  scope: 'page',
  async check(ctx) {
    const specs: { path: Path; spec: Obj }[] = [];
    for (const [id, widget] of widgetsOf(ctx.page)) {
      walk(widget, ['widgets', id], (v, path) => {
        if (path.length > 2 && isVegaLiteSpec(v)) {
          specs.push({ path, spec: v });
          return false;
        }
      });
    }
    if (!specs.length) return;
    const { compile } = await import('vega-lite');
    for (const { path, spec } of specs) {
      const report: Report = (p, message, severity) => ctx.report(this.id, { path: p, message, severity });
      if (!precheck(spec, path, report)) continue;
      const warnings: string[] = [];
      const logger = {
        level: () => logger,
        warn: (...args: unknown[]) => (warnings.push(args.map(String).join(' ')), logger),
        info: () => logger,
        debug: () => logger,
        error: (...args: unknown[]) => (warnings.push(args.map(String).join(' ')), logger),
      };
      try {
        compile(compilable(spec) as unknown as Parameters<typeof compile>[0], { logger: logger as never });
      } catch (e) {
        report(path, `Vega-Lite spec does not compile: ${(e as Error).message}`);
        continue;
      }
      for (const w of warnings) {
        report(path, `Vega-Lite: ${w}`, /invalid|not a valid|dropped|ignor/i.test(w) ? undefined : 'warning');
      }
    }
  },
};
