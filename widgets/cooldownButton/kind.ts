import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'cooldownButton',
  frame: 'card',
  load: () => import('./CooldownButton'),
});
