import type { PageRequirement } from '../../engine';

export const NO_BRAND_SELECTED = 'No Brand Selected';

// `"requires": {"brand": true}`: insight pages are about the selected brand; without one they
// show this instead of sending requests.
export const requirements: Record<string, PageRequirement> = {
  brand: {
    met: (scope) => scope.brand !== null,
    title: NO_BRAND_SELECTED,
    message: 'Choose a brand from the brand switcher to see its insights.',
  },
};
