import { resolveBindings, type BindingContext } from '../bindings/resolve';
import type { CallInput, DataFetcher } from '../data/fetcher';
import type { ActionSpec, Row } from './types';

export interface ActionRun {
  fetcher: DataFetcher;
  ctx: BindingContext;
  /** The row the action was started on (row action, form values); `$row` resolves against it. */
  row?: Row | null;
  /** Selected rows, for `forEach: "selection"`. */
  selection?: Row[];
}

/** Resolves the call input of an action against the page context and one row. */
export function actionInput(spec: ActionSpec, ctx: BindingContext, row: Row | null | undefined): CallInput {
  const { value } = resolveBindings<CallInput>({ body: spec.body, params: spec.params, query: spec.query }, { ...ctx, row: row ?? null });
  const input: CallInput = {};
  if (value.body !== undefined) input.body = value.body;
  if (value.params !== undefined) input.params = value.params as CallInput['params'];
  if (value.query !== undefined) input.query = value.query as CallInput['query'];
  return input;
}

/** Runs the action's call (once, or once per selected row) and answers the responses. Calls on
 * a selection run one after another so a plan-limit refusal stops the rest. */
export async function runAction(spec: ActionSpec, run: ActionRun): Promise<unknown[]> {
  if (!spec.call) return [];
  const rows = spec.forEach === 'selection' ? run.selection ?? [] : [run.row ?? null];
  const results: unknown[] = [];
  for (const row of rows) results.push(await run.fetcher(spec.call, actionInput(spec, run.ctx, row)));
  return results;
}
