// Vega does not run in happy-dom: page tests swap the chart's view for this stand-in, which marks
// where it drew (data-testid="vega") and accepts every update.
//   vi.mock('../../widgets/chart/vegaView', () => import('../../widgets/chart/fakeVegaView'));
export async function createVegaView(_spec: unknown, el: HTMLElement) {
  const drawn = document.createElement('div');
  drawn.setAttribute('data-testid', 'vega');
  el.replaceChildren(drawn);
  const view = { data: () => view, signal: () => view, runAsync: async () => view, addEventListener() {}, removeEventListener() {}, finalize() {} };
  return view;
}
