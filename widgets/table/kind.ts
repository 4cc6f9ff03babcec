import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'table',
  frame: 'card',
  load: () => import('./Table'),
});
