// Drawn in the browser by bench:gallery: a spec through the chart widget's own functions (the
// spec it embeds, the Vega view it creates), as the widget draws it in a card 800 px wide.
import { buildChartSpec, DATA_NAME } from '../widgets/chart/buildSpec';
import { createVegaView } from '../widgets/chart/vegaView';

interface Drawn {
  ok: boolean;
  error?: string;
  width?: number;
  height?: number;
  items?: number;
}

async function drawChart(spec: Record<string, unknown>): Promise<Drawn> {
  const card = document.getElementById('card')!;
  const host = document.createElement('div');
  host.style.width = '100%';
  card.replaceChildren(host);
  try {
    const view = await createVegaView(buildChartSpec(spec), host, { data: { [DATA_NAME]: [] }, signals: {} });
    const svg = host.querySelector('svg');
    const width = Number(svg?.getAttribute('width') ?? 0);
    const height = Number(svg?.getAttribute('height') ?? 0);
    // Items of data marks (axes, legends and titles have roles of their own).
    const items = host.querySelectorAll('.role-mark > *').length;
    view.finalize();
    if (!svg || !(width > 0 && height > 0)) return { ok: false, error: `empty drawing (${width}×${height})`, width, height, items };
    if (items === 0) return { ok: false, error: 'no data marks drawn', width, height, items };
    return { ok: true, width, height, items };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

(window as unknown as { drawChart: typeof drawChart }).drawChart = drawChart;
