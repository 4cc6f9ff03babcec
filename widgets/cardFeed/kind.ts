import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'cardFeed',
  frame: 'card',
  load: () => import('./CardFeed'),
});
