// Provider filter options (insights §9): All, Chat GPT (openai), Perplexity.
export const PROVIDER_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'openai', label: 'Chat GPT' },
  { value: 'perplexity', label: 'Perplexity' },
] as const;

const NAMES: Record<string, string> = {
  openai: 'Chat GPT',
  perplexity: 'Perplexity',
  google: 'Google',
  microsoft: 'Microsoft',
  all: 'All',
};

export function providerLabel(value: string): string {
  return NAMES[value.toLowerCase()] ?? value;
}
