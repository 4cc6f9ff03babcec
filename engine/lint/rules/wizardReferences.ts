import type { PageRule } from '../context';
import { deref, type Catalogue } from '../catalogue';
import { isObject, walk, widgetsOf, type Obj } from '../pageModel';
import { didYouMean } from '../suggest';
import type { Path } from '../source';

// A wizard (widgets of type "wizard") keeps its state as the row its calls and copy read:
// {"$row": "<field>"} for a field of this or an earlier step, {"$row": "<saveAs>.<path>"} for the
// response of an earlier call (or of the starting call), {"$row": "item"} inside a forEach call.
// A name that is none of these would be sent as null or shown as "{name}", so it is an error here,
// located at the binding. Response paths are checked against the call's response schema.

const PLACEHOLDER = /\{([A-Za-z_][\w.]*)\}/g;

interface Saved {
  call: string;
  /** forEach calls keep a list of responses; streamed calls their lines */
  list: boolean;
}

/** The schema node at a dotted path of a call's response; 'unknown' when the schema cannot say (open object, no schema). */
function responsePath(catalogue: Catalogue, callId: string, path: string[]): 'ok' | 'unknown' | { missing: string; available: string[] } {
  const call = catalogue.calls.get(callId);
  if (!call || call.response === undefined) return 'unknown';
  let node = deref(catalogue, { schema: call.response, doc: call.doc });
  for (const seg of path) {
    if (!node || !isObject(node.schema)) return 'unknown';
    const s = node.schema;
    const props = isObject(s.properties) ? s.properties : null;
    if (!props) return 'unknown';
    if (!Object.hasOwn(props, seg)) return { missing: seg, available: Object.keys(props) };
    node = deref(catalogue, { schema: props[seg], doc: node.doc });
  }
  return 'ok';
}

export const wizardReferences: PageRule = {
  id: 'wizard-reference',
  description: "A wizard's binding, copy placeholder, forEach or suggestion list names a field of a later step, an unknown call response, or a response field its call does not return.",
  scope: 'page',
  check(ctx) {
    for (const [id, widget] of widgetsOf(ctx.page)) {
      if (widget.type !== 'wizard' || !Array.isArray(widget.steps)) continue;
      const base: Path = ['widgets', id];
      const fields = new Set<string>();
      const checklists = new Set<string>();
      const saved = new Map<string, Saved>();
      const initial = isObject(widget.initial) ? widget.initial : null;
      const allFields = widget.steps.flatMap((s) => (isObject(s) && Array.isArray(s.fields) ? s.fields.filter(isObject).map((f) => String(f.name)) : []));

      // the starting call: its response paths, and the fields it fills or locks
      if (initial && typeof initial.call === 'string') {
        const call = initial.call;
        if (typeof initial.saveAs === 'string') saved.set(initial.saveAs, { call, list: false });
        const checkPath = (path: string, at: Path) => {
          const hit = responsePath(ctx.catalogue, call, path.split('.'));
          if (typeof hit === 'object') ctx.report(this.id, { path: at, message: `'${hit.missing}' is not a field of the response of '${call}';${didYouMean(hit.missing, hit.available) || ` its fields: ${hit.available.join(', ')}`}` });
        };
        const checkField = (name: string, at: Path, key = false) => {
          if (!allFields.includes(name)) ctx.report(this.id, { path: at, key, message: `'${name}' is not a field of this wizard;${didYouMean(name, allFields) || ` its fields: ${allFields.join(', ')}`}` });
        };
        if (isObject(initial.values)) {
          for (const [name, path] of Object.entries(initial.values)) {
            checkField(name, [...base, 'initial', 'values', name], true);
            if (typeof path === 'string') checkPath(path, [...base, 'initial', 'values', name]);
          }
        }
        if (isObject(initial.lock)) {
          const lock = initial.lock;
          if (Array.isArray(lock.whenAll)) lock.whenAll.forEach((p, i) => typeof p === 'string' && checkPath(p, [...base, 'initial', 'lock', 'whenAll', i]));
          if (Array.isArray(lock.fields)) lock.fields.forEach((f, i) => typeof f === 'string' && checkField(f, [...base, 'initial', 'lock', 'fields', i]));
        }
        if (isObject(initial.redirect) && typeof initial.redirect.when === 'string') checkPath(initial.redirect.when, [...base, 'initial', 'redirect', 'when']);
      }

      /** A row name ('brandName', 'created.brand.id', 'item') against what exists at this point. */
      const rowProblem = (name: string, item: boolean): string | null => {
        const [head, ...rest] = name.split('.');
        if (head === 'item' && item) return null;
        if (fields.has(head) && rest.length === 0) return null;
        const s = saved.get(head);
        if (s) {
          if (rest.length === 0 || s.list) return null;
          const hit = responsePath(ctx.catalogue, s.call, rest);
          if (typeof hit === 'object') return `'${hit.missing}' is not a field of the response of '${s.call}' (saved as '${head}');${didYouMean(hit.missing, hit.available) || ` its fields: ${hit.available.join(', ')}`}`;
          return null;
        }
        const known = [...fields, ...saved.keys(), ...(item ? ['item'] : [])];
        const later = allFields.includes(head) ? ` ('${head}' is a field of a later step)` : '';
        return `'${head}' is not a field or saved response of this or an earlier step${later};${didYouMean(head, known) || ` known here: ${known.join(', ') || 'nothing'}`}`;
      };
      const checkCopy = (text: unknown, at: Path, own: string[] = []) => {
        if (typeof text !== 'string') return;
        for (const m of text.matchAll(PLACEHOLDER)) {
          if (own.includes(m[1])) continue;
          const problem = rowProblem(m[1], false);
          if (problem) ctx.report(this.id, { path: at, message: `placeholder '{${m[1]}}': ${problem}` });
        }
      };

      widget.steps.forEach((step, i) => {
        if (!isObject(step)) return;
        const at: Path = [...base, 'steps', i];
        const stepFields = Array.isArray(step.fields) ? step.fields.filter(isObject) : [];
        for (const f of stepFields) {
          if (typeof f.name === 'string') fields.add(f.name);
          if (f.input === 'checklist' && typeof f.name === 'string') checklists.add(f.name);
        }
        stepFields.forEach((f, j) => {
          const fat: Path = [...at, 'fields', j];
          if (Array.isArray(f.rules)) f.rules.forEach((r, k) => isObject(r) && checkCopy(r.message, [...fat, 'rules', k, 'message'], ['example']));
          if (isObject(f.quota) && isObject(f.quota.messages)) {
            for (const [k, m] of Object.entries(f.quota.messages)) checkCopy(m, [...fat, 'quota', 'messages', k], ['n', 'used', 'limit']);
          }
          if (isObject(f.suggestions) && Array.isArray(f.suggestions.from)) {
            f.suggestions.from.forEach((p, k) => {
              if (typeof p !== 'string') return;
              const problem = saved.has(p.split('.')[0]) ? rowProblem(p, false) : `'${p.split('.')[0]}' is not a saved response of an earlier step;${didYouMean(p.split('.')[0], [...saved.keys()]) || ` saved so far: ${[...saved.keys()].join(', ') || 'nothing'}`}`;
              if (problem) ctx.report(this.id, { path: [...fat, 'suggestions', 'from', k], message: problem });
            });
          }
        });
        checkCopy(step.description, [...at, 'description']);
        if (isObject(step.success)) checkCopy(step.success.message, [...at, 'success', 'message']);
        const calls = Array.isArray(step.calls) ? step.calls.filter(isObject) : [];
        calls.forEach((call: Obj, j) => {
          const cat: Path = [...at, 'calls', j];
          const item = typeof call.forEach === 'string';
          if (item && !checklists.has(call.forEach as string)) {
            ctx.report(this.id, { path: [...cat, 'forEach'], message: `forEach '${String(call.forEach)}' is not a checklist field of this or an earlier step;${didYouMean(String(call.forEach), [...checklists]) || ` checklists here: ${[...checklists].join(', ') || 'none'}`}` });
          }
          for (const part of ['body', 'params', 'query'] as const) {
            walk(call[part], [...cat, part], (v, path) => {
              if (isObject(v) && typeof v.$row === 'string') {
                const problem = rowProblem(v.$row, item);
                if (problem) ctx.report(this.id, { path: [...path, '$row'], message: problem });
                return false;
              }
            });
          }
          if (isObject(call.stream)) checkCopy(call.stream.label, [...cat, 'stream', 'label'], ['completed', 'total']);
          if (typeof call.saveAs === 'string' && typeof call.call === 'string') saved.set(call.saveAs, { call: call.call, list: item || isObject(call.stream) });
        });
      });
    }
  },
};
