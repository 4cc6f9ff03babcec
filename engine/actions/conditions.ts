import { resolveValue, type BindingContext } from '../bindings/resolve';
import { matches, type Condition } from '../transforms/steps';

export interface FieldCondition {
  field: string;
  op?: Condition['op'];
  value?: unknown;
}

/** True when every condition (one or a list) holds for the row; an absent condition never holds.
 * Used by disabledWhen on buttons and actions (e.g. the plan flag canAddPrompts). */
export function allHold(conditions: FieldCondition | FieldCondition[] | undefined, row: unknown, ctx: BindingContext): boolean {
  if (!conditions) return false;
  const list = Array.isArray(conditions) ? conditions : [conditions];
  const subject = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>;
  return list.every((c) => matches(subject, { field: c.field, op: c.op ?? 'eq', value: resolveValue(c.value, ctx) }));
}
