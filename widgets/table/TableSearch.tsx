import { Input } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { DEFAULT_SEARCH_PLACEHOLDER, type SearchSpec } from './searchRows';

// The search box of a table with `search`; the text filters rows in the browser.
export function TableSearch({ spec, value, onChange, label }: { spec: SearchSpec; value: string; onChange: (text: string) => void; label: string }) {
  const placeholder = spec.placeholder ?? DEFAULT_SEARCH_PLACEHOLDER;
  return (
    <Input
      type="search"
      size="small"
      contentBefore={<SearchRegular />}
      placeholder={placeholder}
      aria-label={`${placeholder} ${label}`.trim()}
      value={value}
      onChange={(_, d) => onChange(d.value)}
    />
  );
}
