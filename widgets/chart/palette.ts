export { CHART_PALETTE, DEFAULT_CHART_HEIGHT, LINE_WIDTH, OWN_LINE_WIDTH } from '../../engine/charts';
