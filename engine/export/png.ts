import type { ErrorReporter } from '../host/types';
import { EXPORT_MESSAGES, ExportError, guardExport } from './errors';
import { downloadBlob, safeFilename } from './download';

export const PNG_SCALE = 2;
export const PNG_BACKGROUND = '#ffffff';
export const PNG_TIMEOUT_MS = 10_000;

/** Rejects with the timeout copy when work takes longer than ms. */
export function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ExportError(message)), ms);
    work.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** PNG of an element (scale 2, white background, 10 s time-out) via html-to-image, loaded lazily. */
export async function exportPng(element: HTMLElement | null, filename: string, report: ErrorReporter): Promise<void> {
  await guardExport(EXPORT_MESSAGES.png, { format: 'png', filename }, report, async () => {
    if (!element || !(element instanceof HTMLElement)) throw new ExportError(EXPORT_MESSAGES.invalidChart);
    const { toBlob } = await import('html-to-image');
    const blob = await withTimeout(
      toBlob(element, { pixelRatio: PNG_SCALE, backgroundColor: PNG_BACKGROUND, cacheBust: true }),
      PNG_TIMEOUT_MS,
      EXPORT_MESSAGES.pngTimeout,
    );
    if (!blob) throw new ExportError(EXPORT_MESSAGES.blob);
    downloadBlob(blob, `${safeFilename(filename)}.png`);
  });
}
