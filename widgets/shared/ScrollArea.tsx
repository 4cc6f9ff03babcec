import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';

// A box of bounded height whose content scrolls: keyboard users can focus it and scroll with the
// arrow keys (it is a named region), and while more content lies below, a fade at the bottom edge
// says so instead of cutting a card mid-way with nothing to tell.

const useStyles = makeStyles({
  wrap: { position: 'relative', minWidth: 0 },
  scroll: {
    overflowY: 'auto',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px', borderRadius: tokens.borderRadiusMedium },
  },
  fade: {
    position: 'absolute',
    left: 0,
    right: 0,
    bottom: 0,
    height: '48px',
    pointerEvents: 'none',
    backgroundImage: `linear-gradient(to bottom, transparent, ${tokens.colorNeutralBackground1})`,
  },
});

export function ScrollArea({ maxHeight, label, children }: { maxHeight: number; label: string; children: ReactNode }) {
  const styles = useStyles();
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  const measure = useCallback(() => {
    const el = ref.current;
    if (el) setMore(el.scrollHeight - el.scrollTop - el.clientHeight > 2);
  }, []);
  useEffect(() => {
    measure();
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);
  return (
    <div className={styles.wrap}>
      <div ref={ref} className={styles.scroll} style={{ maxHeight }} tabIndex={0} role="region" aria-label={label} onScroll={measure} data-scroll-more={more || undefined}>
        {children}
      </div>
      {more && <div className={styles.fade} aria-hidden="true" data-testid="scroll-cue" />}
    </div>
  );
}
