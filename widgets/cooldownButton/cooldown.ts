import { useCallback, useEffect, useState } from 'react';

// A resend cooldown that outlives the page: the moment it ends is kept in localStorage, so a
// reload (or a second tab) still shows 'Try again in m:ss'. A stored end that has passed, or that
// is not a number, is removed as soon as it is read.

/** The end time stored under key (ms since epoch), or null (and the key removed) when there is none ahead. */
export function readCooldownEnd(key: string, now: number = Date.now()): number | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  const end = Number(raw);
  if (!Number.isFinite(end) || end <= now) {
    localStorage.removeItem(key);
    return null;
  }
  return end;
}

/** Whole seconds left until end (rounded up, so the last second shows 0:01, not 0:00). */
export function secondsLeft(end: number, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** m:ss, e.g. 120 → '2:00', 59 → '0:59'. */
export function formatMinutesSeconds(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Seconds left of the cooldown stored under key (0 when none), ticking each second, and start(). */
export function useStoredCooldown(key: string): { remaining: number; start: (seconds: number) => void } {
  const [end, setEnd] = useState<number | null>(() => readCooldownEnd(key));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (end === null) return;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      if (t >= end) {
        localStorage.removeItem(key);
        setEnd(null);
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [end, key]);

  const start = useCallback(
    (seconds: number) => {
      const next = Date.now() + seconds * 1000;
      try {
        localStorage.setItem(key, String(next));
      } catch {
        // storage full or denied: the cooldown still holds for this page
      }
      setNow(Date.now());
      setEnd(next);
    },
    [key],
  );

  return { remaining: end === null ? 0 : secondsLeft(end, now), start };
}
