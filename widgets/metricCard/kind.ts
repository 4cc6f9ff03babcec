import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'metricCard',
  frame: 'card',
  load: () => import('./MetricCard'),
});
