import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'rankedList',
  frame: 'card',
  load: () => import('./RankedList'),
});
