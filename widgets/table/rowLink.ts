import { fillPath, matches, resolveValue, type BindingContext, type Condition } from '../../engine';

// Row links: {"to": "/app/competitors/comparison/{brandName}", "unless": {"field": "brandName",
// "op": "eq", "value": {"$brand": "name"}}} — the own brand's row does not link.
export interface RowLinkSpec {
  to: string;
  unless?: Condition | Condition[];
}

export function rowHref(spec: RowLinkSpec | undefined, row: Record<string, unknown>, ctx: BindingContext): string | null {
  if (!spec) return null;
  const rowCtx = { ...ctx, row };
  const unless = spec.unless ? (Array.isArray(spec.unless) ? spec.unless : [spec.unless]) : [];
  const blocked = unless.length > 0 && unless.every((c) => matches(row, { ...c, value: resolveValue(c.value, rowCtx) }));
  if (blocked) return null;
  return fillPath(spec.to, row);
}
