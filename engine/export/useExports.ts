import { useMemo } from 'react';
import { useEngineHost } from '../host/EngineHostProvider';
import { exportCsv } from './csv';
import { exportExcel } from './excel';
import { exportPng } from './png';
import { exportSvg } from './svg';
import type { ExportColumn } from './tabular';

type Rows = Array<Record<string, unknown>>;

/** A widget's downloads, reporting unexpected failures through the host. */
export function useExports() {
  const { reportError } = useEngineHost();
  return useMemo(
    () => ({
      csv: (rows: Rows, columns: ExportColumn[], filename: string) => exportCsv(rows, columns, filename, reportError),
      excel: (rows: Rows, columns: ExportColumn[], filename: string) => exportExcel(rows, columns, filename, reportError),
      png: (element: HTMLElement | null, filename: string) => exportPng(element, filename, reportError),
      svg: (element: HTMLElement | null, filename: string) => exportSvg(element, filename, reportError),
    }),
    [reportError],
  );
}
