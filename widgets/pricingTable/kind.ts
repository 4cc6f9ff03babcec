import { defineWidgetKind } from '../../engine';

export default defineWidgetKind({
  type: 'pricingTable',
  frame: 'none',
  load: () => import('./PricingTable'),
});
