import { useEffect, useState } from 'react';

/** Below this width the studio shows one pane at a time (editor, preview or changes). */
export const STUDIO_SPLIT_MIN_WIDTH = 900;

export function useNarrow(): boolean {
  const query = `(max-width: ${STUDIO_SPLIT_MIN_WIDTH - 1}px)`;
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(query).matches === true);
  useEffect(() => {
    const mq = window.matchMedia?.(query);
    if (!mq) return;
    const on = () => setNarrow(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, [query]);
  return narrow;
}
