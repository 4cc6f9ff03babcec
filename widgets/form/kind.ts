import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'form',
  frame: 'none',
  load: () => import('./Form'),
  // Suspends while loading even when the code is there: rendered at once inside an opening dialog,
  // it left the dialog's content aria-hidden in Chromium.
  eager: false,
});
