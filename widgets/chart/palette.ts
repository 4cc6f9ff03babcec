// 15 fallback line colours used in order for series without a colour of their own.
export const CHART_PALETTE = [
  '#2563eb',
  '#16a34a',
  '#dc2626',
  '#9333ea',
  '#ea580c',
  '#0891b2',
  '#ca8a04',
  '#db2777',
  '#4f46e5',
  '#65a30d',
  '#0d9488',
  '#c026d3',
  '#b91c1c',
  '#475569',
  '#a16207',
] as const;

export const DEFAULT_CHART_HEIGHT = 400;
export const LINE_WIDTH = 2;
export const OWN_LINE_WIDTH = 3;
