import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'actionButton',
  frame: 'none',
  load: () => import('./ActionButton'),
  // A button always shows: empty data (no competitors yet) only feeds its disabledWhen.
  rendersEmpty: true,
  // Nor does a failed call hide it: the card showing that data reports the failure once, and the
  // server still enforces what disabledWhen mirrors (a plan limit).
  rendersOnError: true,
});
