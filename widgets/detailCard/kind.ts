import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'detailCard',
  frame: 'card',
  load: () => import('./DetailCard'),
});
