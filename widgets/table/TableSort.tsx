import { Button, Select, makeStyles, tokens, useId } from '@fluentui/react-components';
import { ArrowSortDownRegular, ArrowSortUpRegular } from '@fluentui/react-icons';
import type { SortState } from './sortRows';

// Sorting for a table whose columns do not all fit: on a phone, columns folded into a row's
// details or second line have no header to click, so a 'Sort by' select (every sortable column)
// and a direction button take the headers' place. Shown only while a sortable column is folded.

const useStyles = makeStyles({
  sort: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  label: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  select: { minWidth: '9rem', maxWidth: '14rem' },
});

/** The value the select shows while the table keeps its own order. */
const DEFAULT_ORDER = '';

export function TableSort({
  columns,
  sort,
  onSort,
  label,
}: {
  columns: Array<{ field: string; header: string }>;
  sort: SortState | null;
  onSort: (next: SortState | null) => void;
  label: string;
}) {
  const styles = useStyles();
  const id = useId('table-sort');
  const current = sort && columns.some((c) => c.field === sort.field) ? sort.field : DEFAULT_ORDER;
  const ascending = sort?.order !== 'desc';
  return (
    <div className={styles.sort} data-testid="table-sort">
      <label htmlFor={id} className={styles.label}>
        Sort by
      </label>
      <Select
        id={id}
        size="small"
        className={styles.select}
        aria-label={`Sort ${label} by`}
        value={current}
        onChange={(_, d) => onSort(d.value === DEFAULT_ORDER ? null : { field: d.value, order: sort?.order ?? 'asc' })}
      >
        {current === DEFAULT_ORDER && <option value={DEFAULT_ORDER}>Default order</option>}
        {columns.map((c) => (
          <option key={c.field} value={c.field}>
            {c.header}
          </option>
        ))}
      </Select>
      {sort && current !== DEFAULT_ORDER && (
        <Button
          size="small"
          appearance="subtle"
          icon={ascending ? <ArrowSortUpRegular /> : <ArrowSortDownRegular />}
          aria-label={ascending ? 'Ascending: sort descending' : 'Descending: sort ascending'}
          title={ascending ? 'Ascending' : 'Descending'}
          onClick={() => onSort({ field: sort.field, order: ascending ? 'desc' : 'asc' })}
        />
      )}
    </div>
  );
}
