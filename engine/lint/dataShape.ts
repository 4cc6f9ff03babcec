import type { Catalogue } from './catalogue';
import { isObject, type Obj } from './pageModel';
import { rowShape, shapeOf, UNKNOWN, type Shape } from './shape';
import { applyStep, type FieldProblem } from './transformShape';

/**
 * The rows a widget's data yields: the call's response shape run through its transform steps.
 * Null when the widget has no checkable data (no data, unknown call, no response schema).
 * onStep receives each step's field problems (unknown-field reports them; others ignore them).
 */
export function widgetRows(
  catalogue: Catalogue,
  widget: Obj,
  onStep?: (index: number, problems: FieldProblem[]) => void,
): { call: string; row: Shape } | null {
  const data = widget.data;
  if (!isObject(data) || typeof data.call !== 'string') return null;
  const call = catalogue.calls.get(data.call);
  if (!call || call.response === undefined) return null;
  let shape: Shape = shapeOf(catalogue, { schema: call.response, doc: call.doc });
  const steps = Array.isArray(data.transform) ? data.transform : [];
  steps.forEach((step, i) => {
    const problems: FieldProblem[] = [];
    shape = applyStep(shape, step, problems);
    onStep?.(i, problems);
  });
  return { call: call.id, row: shape.kind === 'unknown' ? UNKNOWN : rowShape(shape) };
}
