import { useMemo, useState } from 'react';
import {
  Combobox,
  Dropdown,
  Field,
  Option,
  Popover,
  PopoverSurface,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { FilterControl } from '../runtime/types';
import type { CustomRange } from '../time/windows';
import { isCompleteCustomRange } from '../time/windows';
import { useEngineHost } from '../host/EngineHostProvider';
import type { ListFilterKind } from '../host/types';
import { applySelection, collapseSelection } from './rules';
import { type FilterValues, withCustomRange, withTimeRange } from './storage';
import { searchOptions, selectionSummary } from './summary';
import { TIME_RANGE_LABELS } from './timeRangeOptions';
import { DateRangePicker } from './DateRangePicker';
import { TimeRangeSegments } from './TimeRangeSegments';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  // controls share the row from 200 to 280 px each; on a phone each takes the whole width
  // (Fluent's dropdowns are at least 250 px wide by default, whatever the screen)
  control: {
    flexGrow: 1,
    flexShrink: 1,
    flexBasis: '200px',
    minWidth: 0,
    maxWidth: '280px',
    '@media (max-width: 639.98px)': { flexBasis: '100%', maxWidth: 'none' },
  },
  // a segmented time range is as wide as its choices ('Custom date range' no longer wraps to a
  // second row under a 280 px cap); on a narrow screen it still wraps
  segmentedControl: { flexGrow: 0, flexShrink: 1, minWidth: 0, maxWidth: '100%' },
  input: { minWidth: 0, width: '100%' },
  // long lists (≈250 countries) scroll inside a listbox that opens below the field
  listbox: { maxHeight: '320px', overflowY: 'auto' },
  // 'No countries found' is a message, not a choice: no checkbox
  noMatches: { color: tokens.colorNeutralForeground3, '& .fui-Option__checkIcon': { display: 'none' } },
});

/** Where a filter's list opens: under the field, its height fitted to the room left on screen. */
const BELOW = { position: 'below', align: 'start', autoSize: 'height' } as const;

interface ControlProps {
  control: FilterControl;
  values: FilterValues;
  onChange: (next: FilterValues) => void;
}

function TimeRangeControl({ control, values, onChange }: ControlProps) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const value = String(values[control.id] ?? control.default ?? '7d');
  const presets = control.presets ?? ['24h', '7d', '30d'];
  const options = [...presets, ...(control.custom ? ['custom'] : [])];
  const custom = values.customRange as CustomRange | undefined;
  const label = value === 'custom' && isCompleteCustomRange(custom) ? `${custom!.from} – ${custom!.to}` : TIME_RANGE_LABELS[value] ?? value;

  const segmented = (control as { presentation?: string }).presentation === 'segmented';
  return (
    <Field label={control.label ?? 'Time range'} className={segmented ? styles.segmentedControl : styles.control}>
      {segmented ? (
        <TimeRangeSegments
          ref={setAnchor}
          label={control.label ?? 'Time range'}
          options={options.map((o) => ({ value: o, label: TIME_RANGE_LABELS[o] ?? o }))}
          value={value}
          onSelect={(o) => (o === 'custom' ? setOpen(true) : onChange(withTimeRange(values, control.id, o)))}
        />
      ) : (
      <Dropdown
        ref={setAnchor}
        className={styles.input}
        positioning={BELOW}
        value={label}
        selectedOptions={[value]}
        onOptionSelect={(_, d) => {
          if (d.optionValue === 'custom') setOpen(true);
          else if (d.optionValue) onChange(withTimeRange(values, control.id, d.optionValue));
        }}
      >
        {options.map((o) => (
          <Option key={o} value={o}>
            {TIME_RANGE_LABELS[o] ?? o}
          </Option>
        ))}
      </Dropdown>
      )}
      {control.custom && (
        <Popover open={open} onOpenChange={(_, d) => setOpen(d.open)} positioning={{ target: anchor, position: 'below', align: 'start' }} trapFocus>
          <PopoverSurface aria-label="Custom date range">
            <DateRangePicker
              value={custom}
              onChange={(range) => onChange(withCustomRange(values, control.id, range))}
              onDone={() => setOpen(false)}
            />
          </PopoverSurface>
        </Popover>
      )}
    </Field>
  );
}

function ListControl({ control, list, values, onChange }: ControlProps & { list: ListFilterKind }) {
  const styles = useStyles();
  const host = useEngineHost();
  const vocabulary = host.vocabularies[list.vocabulary];
  const catchAll = list.catchAll.value;
  const selected = collapseSelection(values[control.id], catchAll);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  // only what the scope uses (a brand's 7 countries, not all 250), plus anything already chosen
  const available = list.available?.(host.scope) ?? null;
  const allOptions = useMemo(() => {
    const offered = available ? new Set([...available, ...selected].map((v) => v.toLowerCase())) : null;
    const options = (vocabulary?.options() ?? []).filter((o) => o.value !== catchAll && (!offered || offered.has(o.value.toLowerCase())));
    return [list.catchAll, ...options];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `available`/`selected` are fresh arrays each render: their contents are the key
  }, [list, vocabulary, catchAll, (available ?? []).join(), available === null, selected.join()]);
  const labelOf = (v: string) => allOptions.find((o) => o.value === v)?.label ?? vocabulary?.label(v) ?? v;
  const summary = selectionSummary(selected.map(labelOf));
  const fieldLabel = control.label ?? list.label;
  const select = (next: string[]) => onChange({ ...values, [control.id]: applySelection(selected, next, catchAll) });

  if (!list.searchable) {
    return (
      <Field label={fieldLabel} className={styles.control}>
        <Dropdown multiselect className={styles.input} positioning={BELOW} listbox={{ className: styles.listbox }} value={summary} selectedOptions={selected} onOptionSelect={(_, d) => select(d.selectedOptions)}>
          {allOptions.map((o) => (
            <Option key={o.value} value={o.value}>
              {o.label}
            </Option>
          ))}
        </Dropdown>
      </Field>
    );
  }
  const shown = searchOptions(allOptions, query);
  const noMatches = list.noMatches ?? 'No matches';
  return (
    <Field label={fieldLabel} className={styles.control}>
      <Combobox
        multiselect
        freeform
        className={styles.input}
        positioning={BELOW}
        listbox={{ className: styles.listbox }}
        // closed, the field shows the selection as its value ('Global'), not as a grey placeholder;
        // open, it is a search box
        value={open ? query : summary}
        placeholder={open ? `Search ${fieldLabel.toLowerCase()}` : undefined}
        selectedOptions={selected}
        onChange={(e) => {
          setQuery((e.target as HTMLInputElement).value);
          setOpen(true);
        }}
        onOptionSelect={(_, d) => {
          select(d.selectedOptions);
          setQuery('');
        }}
        onOpenChange={(_, d) => {
          setOpen(d.open);
          if (!d.open) setQuery('');
        }}
      >
        {shown.length === 0 ? (
          <Option disabled value="__none" text={noMatches} className={styles.noMatches}>{noMatches}</Option>
        ) : (
          shown.map((o) => (
            <Option key={o.value} value={o.value} text={o.label}>
              {o.label}
            </Option>
          ))
        )}
      </Combobox>
    </Field>
  );
}

function ChoiceControl({ control, values, onChange }: ControlProps) {
  const styles = useStyles();
  const options = (control.options ?? []).map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
  const value = String(values[control.id] ?? control.default ?? '');
  return (
    <Field label={control.label ?? control.id} className={styles.control}>
      <Dropdown
        className={styles.input}
        positioning={BELOW}
        value={options.find((o) => o.value === value)?.label ?? value}
        selectedOptions={[value]}
        onOptionSelect={(_, d) => d.optionValue && onChange({ ...values, [control.id]: d.optionValue })}
      >
        {options.map((o) => (
          <Option key={o.value} value={o.value}>
            {o.label}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

export function FilterBar({ controls, values, onChange }: { controls: FilterControl[]; values: FilterValues; onChange: (next: FilterValues) => void }) {
  const styles = useStyles();
  const inBar = controls.filter((c) => c.inBar !== false);
  if (inBar.length === 0) return null;
  return (
    <div className={styles.bar} role="toolbar" aria-label="Filters">
      {inBar.map((control) => {
        const props = { control, values, onChange };
        if (control.type === 'timeRange') return <TimeRangeControl key={control.id} {...props} />;
        if (control.list) return <ListControl key={control.id} {...props} list={control.list} />;
        return <ChoiceControl key={control.id} {...props} />;
      })}
    </div>
  );
}
