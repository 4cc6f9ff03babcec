import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'segmented',
  frame: 'none',
  load: () => import('./Segmented'),
});
