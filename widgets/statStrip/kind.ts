import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'statStrip',
  frame: 'card',
  load: () => import('./StatStrip'),
});
