import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'comparisonCard',
  frame: 'card',
  load: () => import('./ComparisonCard'),
});
