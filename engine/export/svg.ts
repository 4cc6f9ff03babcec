import type { ErrorReporter } from '../host/types';
import { EXPORT_MESSAGES, ExportError, guardExport } from './errors';
import { downloadBlob, safeFilename } from './download';
import { PNG_BACKGROUND } from './png';

/**
 * The chart's drawn SVG as a standalone file: namespaced, sized, on the same white background as
 * the PNG so it reads the same outside the app whatever the theme it was drawn in.
 */
export function chartSvgText(element: HTMLElement | null): string {
  if (!element || !(element instanceof HTMLElement)) throw new ExportError(EXPORT_MESSAGES.invalidChart);
  const svg = element.querySelector('svg');
  if (!svg) throw new ExportError(EXPORT_MESSAGES.noSvg);
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('xmlns:xlink', 'http://www.w3.org/1999/xlink');
  const width = svg.getAttribute('width');
  const height = svg.getAttribute('height');
  const back = copy.ownerDocument.createElementNS('http://www.w3.org/2000/svg', 'rect');
  back.setAttribute('width', width ?? '100%');
  back.setAttribute('height', height ?? '100%');
  back.setAttribute('fill', PNG_BACKGROUND);
  copy.insertBefore(back, copy.firstChild);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

export async function exportSvg(element: HTMLElement | null, filename: string, report: ErrorReporter): Promise<void> {
  await guardExport(EXPORT_MESSAGES.svg, { format: 'svg', filename }, report, async () => {
    const text = chartSvgText(element);
    downloadBlob(new Blob([text], { type: 'image/svg+xml;charset=utf-8' }), `${safeFilename(filename)}.svg`);
  });
}
