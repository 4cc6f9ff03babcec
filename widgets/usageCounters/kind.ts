import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'usageCounters',
  frame: 'card',
  load: () => import('./UsageCounters'),
});
