import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'table',
  frame: 'card',
  load: () => import('./Table'),
  // an empty table keeps its Export (which then says 'No data to export') above its empty copy
  rendersEmpty: true,
});
