import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'imageUpload',
  frame: 'card',
  load: () => import('./ImageUpload'),
});
