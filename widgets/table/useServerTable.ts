import { useEffect, useState } from 'react';
import type { ServerPaging } from '../../engine';

/** How long typing pauses before the search goes to the server (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box of a table paged on the server: the text shows at once, the request follows
 * when typing pauses (each keystroke's effect cancels the previous one's timer).
 */
export function useDebouncedSearch(server: ServerPaging | null): { query: string; setQuery: (text: string) => void } {
  const [query, setQuery] = useState(server?.state.search ?? '');
  useEffect(() => {
    if (!server) return;
    const timer = setTimeout(() => server.setSearch(query), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // only the text starts a search; setSearch is stable
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);
  return { query, setQuery };
}
