import type { PageRule } from '../context';
import { copyBlockNames, walk, widgetsOf } from '../pageModel';
import { didYouMean } from '../suggest';

export const unknownCopyBlock: PageRule = {
  id: 'unknown-copy-block',
  description: "A widget's states name a copy block the page does not define.",
  scope: 'page',
  check(ctx) {
    const names = copyBlockNames(ctx.page);
    for (const [id, widget] of widgetsOf(ctx.page)) {
      walk(widget, ['widgets', id], (v, path) => {
        if (path[path.length - 1] !== 'states' || typeof v !== 'string' || names.includes(v)) return;
        const hint = names.length ? didYouMean(v, names) || ` this page's copy blocks are ${names.join(', ')}` : ' this page has no copy blocks';
        ctx.report(this.id, { path, message: `unknown copy block '${v}';${hint}` });
      });
    }
  },
};
