import type { BrandVariants } from '@fluentui/react-components';

// Lime accent colour: a 16-step Fluent brand ramp built around
// lime-600 (#65a30d) at step 80, dark to light.
export const limeBrandRamp: BrandVariants = {
  10: '#050801',
  20: '#141f05',
  30: '#1d3107',
  40: '#243e09',
  50: '#2b4c0a',
  60: '#335b0b',
  70: '#3f6f0c',
  80: '#4d7c0f',
  90: '#65a30d',
  100: '#74b816',
  110: '#84cc16',
  120: '#9dd93a',
  130: '#a3e635',
  140: '#bef264',
  150: '#d9f99d',
  160: '#ecfccb',
};
