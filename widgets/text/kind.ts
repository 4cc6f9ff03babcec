import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'text',
  frame: 'none',
  load: () => import('./Text'),
});
