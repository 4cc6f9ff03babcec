import { resolveValue, type BindingContext } from '../bindings/resolve';
import { matches, type Condition } from '../transforms/steps';

// visibleWhen (schemas/defs/widget-common): the widget renders only when every condition holds.
export interface VisibleCondition {
  subject: unknown;
  op: Condition['op'];
  value?: unknown;
}

export function isVisible(visibleWhen: unknown, ctx: BindingContext): boolean {
  if (!visibleWhen) return true;
  const list = (Array.isArray(visibleWhen) ? visibleWhen : [visibleWhen]) as VisibleCondition[];
  return list.every((c) =>
    matches({ subject: resolveValue(c.subject, ctx) }, { field: 'subject', op: c.op, value: resolveValue(c.value, ctx) }),
  );
}
