import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'toggleList',
  frame: 'card',
  load: () => import('./ToggleList'),
  // Without stored values every toggle shows its default.
  rendersEmpty: true,
});
