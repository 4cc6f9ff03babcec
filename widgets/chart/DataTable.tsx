import { makeStyles } from '@fluentui/react-components';
import { cellText, type ColumnSpec } from '../shared/columns';
import type { ChartConfig } from './config.generated';

// The chart's text alternative: its rows as a table that screen readers reach and sighted users do
// not see (the drawing says the same). Long data is cut with a note of how many rows are left out.
// The table sits in a visually hidden box rather than being that box itself: a table is never
// narrower than its content, so a hidden 1 px table still widened the page (a phone scrolled
// sideways); the box's overflow clips it out of the page's width.
export const TABLE_ROW_LIMIT = 100;

const useStyles = makeStyles({
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
});

type Rows = Array<Record<string, unknown>>;
const CHANNELS = ['x', 'y', 'color', 'theta', 'size', 'column', 'row', 'facet', 'x2', 'y2', 'text'];

/** Columns of the table: the export columns, else the fields the spec encodes, else the rows' keys. */
export function tableColumns(config: Pick<ChartConfig, 'exportColumns' | 'spec'>, rows: Rows): ColumnSpec[] {
  if (config.exportColumns?.length) return config.exportColumns as ColumnSpec[];
  const found: ColumnSpec[] = [];
  const visit = (spec: unknown) => {
    if (!spec || typeof spec !== 'object') return;
    const s = spec as { encoding?: Record<string, { field?: unknown; title?: unknown }>; layer?: unknown[] };
    for (const channel of CHANNELS) {
      const def = s.encoding?.[channel];
      if (def && typeof def.field === 'string' && !found.some((c) => c.field === def.field)) {
        found.push({ field: def.field, header: typeof def.title === 'string' ? def.title : def.field });
      }
    }
    s.layer?.forEach(visit);
  };
  visit(config.spec);
  const keys = Object.keys(rows[0] ?? {});
  const usable = found.filter((c) => keys.includes(c.field.split('.')[0]));
  return usable.length ? usable : keys.map((k) => ({ field: k, header: k }));
}

export function DataTable({ caption, rows, columns }: { caption: string; rows: Rows; columns: ColumnSpec[] }) {
  const styles = useStyles();
  if (!rows.length || !columns.length) return null;
  const shown = rows.slice(0, TABLE_ROW_LIMIT);
  return (
    <div className={styles.hidden}>
      <table>
        <caption>
          {caption}
          {rows.length > shown.length ? ` (first ${shown.length} of ${rows.length} rows)` : ''}
        </caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.field} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c.field}>{cellText(c, row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
