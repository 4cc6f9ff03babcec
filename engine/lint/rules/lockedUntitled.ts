import type { PageRule } from '../context';
import { isObject } from '../pageModel';

// A locked widget shows a blurred placeholder that screen readers skip; its title is the only
// thing that says what is locked, so a locked widget needs one.

export const lockedUntitled: PageRule = {
  id: 'locked-untitled',
  description: "A widget with \"locked\": true has no 'title', so nothing says what is locked.",
  scope: 'page',
  check(ctx) {
    const widgets = ctx.page?.widgets;
    if (!isObject(widgets)) return;
    for (const [id, widget] of Object.entries(widgets)) {
      if (!isObject(widget) || widget.locked !== true) continue;
      if (typeof widget.title === 'string' && widget.title.trim()) continue;
      ctx.report(this.id, { path: ['widgets', id, 'locked'], message: 'a locked widget needs a title: its content is hidden from screen readers, the title says what is locked' });
    }
  },
};
