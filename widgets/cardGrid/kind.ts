import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'cardGrid',
  frame: 'card',
  load: () => import('./CardGrid'),
});
