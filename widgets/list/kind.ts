import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'list',
  frame: 'card',
  load: () => import('./List'),
});
