import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'chart',
  frame: 'card',
  load: () => import('./Chart'),
});
