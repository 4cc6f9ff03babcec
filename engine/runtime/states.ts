import type { CopyBlock, PageDefinition, WidgetConfig } from './types';

// Generic card copy used when a page names no copy block of its own.
export const DEFAULT_COPY: Required<Pick<CopyBlock, 'empty' | 'error'>> & { loading: string } = {
  empty: { title: 'No data available' },
  error: { title: 'Failed to load data', message: 'An error occurred while loading the data' },
  loading: 'Loading…',
};

export function statesFor(widget: WidgetConfig, page: PageDefinition | undefined): typeof DEFAULT_COPY {
  const named = typeof widget.states === 'string' ? page?.copy?.[widget.states] : widget.states;
  const block: CopyBlock = named ?? page?.copy?.card ?? {};
  return {
    empty: block.empty ?? DEFAULT_COPY.empty,
    error: block.error ?? DEFAULT_COPY.error,
    loading: block.loading ?? DEFAULT_COPY.loading,
  };
}
