import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'link',
  frame: 'none',
  load: () => import('./Link'),
});
