import { makeStyles, tokens } from '@fluentui/react-components';
import { EMPTY_VALUE } from '../../engine';

// The view mode of a form: each property's title and value as text, in schema order, so reading
// a profile is not a grid of greyed-out inputs. Options with titles (oneOf) show the title.

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    columnGap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalL,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
});

type Property = { title?: string; oneOf?: Array<{ const?: unknown; title?: string }>; items?: Property };

function shown(value: unknown, prop: Property): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  const title = (v: unknown) => prop.oneOf?.find((o) => o.const === v)?.title ?? prop.items?.oneOf?.find((o) => o.const === v)?.title ?? String(v);
  return Array.isArray(value) ? value.map(title).join(', ') || EMPTY_VALUE : title(value);
}

export function ReadOnlyValues({ schema, values, hidden = [] }: { schema: { properties?: Record<string, unknown> }; values: Record<string, unknown>; hidden?: string[] }) {
  const styles = useStyles();
  const entries = Object.entries(schema.properties ?? {}).filter(([key]) => !hidden.includes(key));
  return (
    <dl className={styles.list} data-testid="form-values">
      {entries.map(([key, raw]) => {
        const prop = (raw ?? {}) as Property;
        return (
          <div key={key}>
            <dt className={styles.term}>{prop.title ?? key}</dt>
            <dd className={styles.value} data-field={key}>{shown(values[key], prop)}</dd>
          </div>
        );
      })}
    </dl>
  );
}
