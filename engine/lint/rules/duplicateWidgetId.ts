import type { PageRule } from '../context';
import { positionAt, propertyNodes, nodeAt } from '../source';

// Two widgets under one id: JSON keeps the last, so the first card silently disappears.
export const duplicateWidgetId: PageRule = {
  id: 'duplicate-widget-id',
  description: 'Two widgets share an id in the widgets map.',
  scope: 'page',
  check(ctx) {
    const widgets = ctx.src.root ? nodeAt(ctx.src, ['widgets']) : undefined;
    if (!widgets || widgets.type !== 'object' || widgets.parent?.parent !== ctx.src.root) return;
    const first = new Map<string, number>();
    for (const p of propertyNodes(widgets)) {
      const earlier = first.get(p.key);
      if (earlier === undefined) {
        first.set(p.key, p.keyNode.offset);
        continue;
      }
      const at = positionAt(ctx.src, earlier);
      ctx.report(this.id, {
        path: ['widgets', p.key],
        widget: p.key,
        range: { offset: p.keyNode.offset, length: p.keyNode.length },
        message: `duplicate widget id '${p.key}' (also at line ${at.line}:${at.column}); only the last definition is kept`,
      });
    }
  },
};
