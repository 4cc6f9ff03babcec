import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'actionButton',
  frame: 'none',
  load: () => import('./ActionButton'),
  // A button always shows: empty data (no competitors yet) only feeds its disabledWhen.
  rendersEmpty: true,
});
