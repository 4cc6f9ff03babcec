import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'treemap',
  frame: 'card',
  load: () => import('./Treemap'),
});
