import type { PageRule } from '../context';
import { layoutRefs, openedWidgets } from '../layoutRefs';
import { widgetsOf } from '../pageModel';

// A widget nobody can see is dead config. A widget counts as placed when the layout references it,
// or when another widget opens it by id (a property whose name mentions widget or dialog, such as
// {"opens": {"dialog": "editPrompt"}} or {"widgets": ["a", "b"]}).
export const unplacedWidget: PageRule = {
  id: 'unplaced-widget',
  description: 'A widget is defined but neither the layout nor another widget places it.',
  scope: 'page',
  check(ctx) {
    const widgets = widgetsOf(ctx.page);
    const placed = new Set([...layoutRefs(ctx.page).map((r) => r.id), ...openedWidgets(ctx.page)]);
    for (const [id] of widgets) {
      if (!placed.has(id)) ctx.report(this.id, { path: ['widgets', id], key: true, message: `widget '${id}' is not placed in the layout (nor opened by another widget)` });
    }
  },
};
