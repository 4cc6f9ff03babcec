import type { Option } from '../../engine';

// The AI providers a subscriber can filter by (All, Chat GPT, Perplexity); answers may also come
// from Google and Microsoft, which are named but not offered as filters.
export const PROVIDER_OPTIONS: Option[] = [
  { value: 'openai', label: 'Chat GPT' },
  { value: 'perplexity', label: 'Perplexity' },
];

export const ALL_PROVIDERS: Option = { value: 'all', label: 'All' };

export const OTHER_PROVIDER_NAMES: Record<string, string> = { google: 'Google', microsoft: 'Microsoft' };
