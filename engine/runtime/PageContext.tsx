import { createContext, useContext } from 'react';
import type { BindingContext } from '../bindings/resolve';
import type { FilterValues } from '../filters/storage';
import type { PageDefinition } from './types';

// What every widget of a page can see: the page, its filter values (and how to change them) and
// the binding context (filters, window, route params, brand, user).
export interface PageContextValue {
  page: PageDefinition;
  filters: FilterValues;
  setFilters: (next: FilterValues) => void;
  setFilter: (id: string, value: unknown) => void;
  bindings: BindingContext;
}

export const PageContext = createContext<PageContextValue | null>(null);

export function usePageContext(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error('usePageContext must be used inside a PageView');
  return value;
}
