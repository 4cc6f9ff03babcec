import { useEffect, useRef, useState } from 'react';
import type { ServerPaging } from '../../engine';

/** How long typing pauses before the search goes to the server (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box of a table paged on the server: the text shows at once, the request follows
 * when typing pauses.
 */
export function useDebouncedSearch(server: ServerPaging | null): { query: string; setQuery: (text: string) => void } {
  const [query, setQuery] = useState(server?.state.search ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!server) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => server.setSearch(query), SEARCH_DEBOUNCE_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
    // only the text starts a search; setSearch is stable
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);
  return { query, setQuery };
}
