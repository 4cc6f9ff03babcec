import type { PageRule } from '../context';
import { isVegaLiteSpec, widgetsOf } from '../pageModel';

// A chart is read by screen readers through its text alternative: the figure is named by the
// widget's title (with its description) and carries its data as a table. Without a title the
// figure has no name to announce, so a widget drawing a Vega-Lite spec needs a non-empty title.
export const chartTextAlternative: PageRule = {
  id: 'chart-text-alternative',
  description: 'A chart has no text alternative: it needs a title that names it for screen readers.',
  scope: 'page',
  check(ctx) {
    for (const [id, widget] of widgetsOf(ctx.page)) {
      if (!isVegaLiteSpec(widget.spec)) continue;
      const title = widget.title;
      if (typeof title === 'string' && title.trim()) continue;
      ctx.report(this.id, {
        path: title === undefined ? ['widgets', id] : ['widgets', id, 'title'],
        key: title === undefined,
        message: `chart '${id}' has no title: its text alternative (the figure's name and the caption of its data table) needs one`,
      });
    }
  },
};
