import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'countdown',
  frame: 'none',
  load: () => import('./Countdown'),
});
