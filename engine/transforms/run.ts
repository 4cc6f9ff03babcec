import type { DeriveOp } from '../host/types';
import * as steps from './steps';
import type { Step } from './steps';
import { flatten } from './flatten';

// Runs a widget's transform pipeline. Unknown step types throw: lint reports them before a page
// ships, so reaching one at run time is a programming error worth surfacing in the error state.
const STEPS: Record<string, (data: unknown, step: never, deriveOps: Record<string, DeriveOp>) => unknown> = {
  get: steps.get,
  firstValue: steps.firstValue,
  values: steps.values,
  entries: steps.entries,
  unnest: steps.unnest,
  filter: steps.filter,
  sort: steps.sort,
  limit: steps.limit,
  groupBy: steps.groupBy,
  rename: steps.rename,
  derive: steps.derive,
  pick: steps.pick,
  count: steps.count,
  flatten,
};

export const TRANSFORM_TYPES = Object.keys(STEPS);

/** `deriveOps`: the host's derive operations (EngineHost.deriveOps). */
export function runTransforms(data: unknown, pipeline: Step[] | undefined, deriveOps: Record<string, DeriveOp> = {}): unknown {
  let current = data;
  for (const step of pipeline ?? []) {
    const fn = STEPS[step.type];
    if (!fn) throw new Error(`Unknown transform step "${step.type}"`);
    current = fn(current, step as never, deriveOps);
  }
  return current;
}
