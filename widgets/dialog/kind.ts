import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'dialog',
  frame: 'none',
  load: () => import('./Dialog'),
  // Suspends while loading even when the code is there: rendered at once inside an opening dialog,
  // it left the dialog's content aria-hidden in Chromium.
  eager: false,
});
