import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'wizard',
  frame: 'none',
  load: () => import('./Wizard'),
  // Suspends while loading even when the code is there: rendered at once inside an opening dialog
  // (the brand switcher's Add Brand), it would leave the dialog's content aria-hidden in Chromium.
  eager: false,
});
