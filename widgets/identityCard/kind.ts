import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'identityCard',
  frame: 'card',
  load: () => import('./IdentityCard'),
});
