import { useCallback, useEffect, useState } from 'react';

/** The element's content width, followed as it resizes (null until measured; 0 where nothing lays
 * out, as in a DOM without layout). `ref` is a callback ref: the element may mount later. */
export function useWidth<T extends HTMLElement>() {
  const [el, setEl] = useState<T | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  const ref = useCallback((node: T | null) => setEl(node), []);
  useEffect(() => {
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return { ref, width };
}
