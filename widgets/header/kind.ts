import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'header',
  frame: 'none',
  load: () => import('./Header'),
});
