import type { PageRule } from '../context';
import { layoutRefs } from '../layoutRefs';
import { widgetsOf } from '../pageModel';
import { didYouMean } from '../suggest';

export const missingWidget: PageRule = {
  id: 'missing-widget',
  description: 'The layout places a widget id that is not in the widgets map.',
  scope: 'page',
  check(ctx) {
    const ids = widgetsOf(ctx.page).map(([id]) => id);
    for (const ref of layoutRefs(ctx.page)) {
      if (ids.includes(ref.id)) continue;
      ctx.report(this.id, { path: ref.path, widget: ref.id, message: `layout places unknown widget '${ref.id}';${didYouMean(ref.id, ids) || ' no widget has this id'}` });
    }
  },
};
