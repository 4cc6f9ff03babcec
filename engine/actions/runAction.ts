import { resolveBindings, type BindingContext } from '../bindings/resolve';
import type { CallInput, DataFetcher } from '../host/types';
import type { ActionSpec, Row } from './types';

export interface ActionRun {
  fetcher: DataFetcher;
  ctx: BindingContext;
  /** The row the action was started on (row action, form values); `$row` resolves against it. */
  row?: Row | null;
  /** Selected rows, for `forEach: "selection"`. */
  selection?: Row[];
}

/** Thrown instead of sending a call whose request has bindings without a value, when the action
 * has copy for it (errors.missing, e.g. 'No prompt ID found for update'). */
export class MissingBindingsError extends Error {
  constructor(readonly missing: string[]) {
    super(`Missing ${missing.join(', ')}`);
    this.name = 'MissingBindingsError';
  }
}

/** Resolves the call input of an action against the page context and one row, with what had no
 * value: page bindings ('$brand:id') and path parameters ('params:id', e.g. a row without its id). */
export function actionRequest(spec: ActionSpec, ctx: BindingContext, row: Row | null | undefined): { input: CallInput; missing: string[] } {
  const { value, missing } = resolveBindings<CallInput>({ body: spec.body, params: spec.params, query: spec.query }, { ...ctx, row: row ?? null });
  for (const [name, v] of Object.entries((value.params ?? {}) as Record<string, unknown>)) {
    if (v === null || v === undefined || v === '') missing.push(`params:${name}`);
  }
  const input: CallInput = {};
  if (value.body !== undefined) input.body = value.body;
  if (value.params !== undefined) input.params = value.params as CallInput['params'];
  if (value.query !== undefined) input.query = value.query as CallInput['query'];
  return { input, missing };
}

/** Resolves the call input of an action against the page context and one row. */
export function actionInput(spec: ActionSpec, ctx: BindingContext, row: Row | null | undefined): CallInput {
  return actionRequest(spec, ctx, row).input;
}

/** Runs the action's call (once, or once per selected row) and answers the responses. Calls on
 * a selection run one after another so a plan-limit refusal stops the rest. */
export async function runAction(spec: ActionSpec, run: ActionRun): Promise<unknown[]> {
  if (!spec.call) return [];
  const rows = spec.forEach === 'selection' ? run.selection ?? [] : [run.row ?? null];
  const results: unknown[] = [];
  for (const row of rows) {
    const { input, missing } = actionRequest(spec, run.ctx, row);
    // with copy for it, a request missing a value (no id for the path) is not sent
    if (missing.length > 0 && spec.errors?.missing) throw new MissingBindingsError(missing);
    results.push(await run.fetcher(spec.call, input));
  }
  return results;
}
