import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'statusPanel',
  // the panel is the whole screen's card; it makes its own single call (see useOnceAnswer)
  frame: 'none',
  load: () => import('./StatusPanel'),
});
