// Countdown to the next daily insights run: the next midnight UTC, when runs start; 'soon' under 2 hours.
export function msUntilNextUtcMidnight(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return next - now.getTime();
}

/** "5h 23m" (whole minutes, rounded down; at least "0m"). */
export function formatRemaining(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}

export function countdownText(now: Date, opts: { label: string; soonText: string; soonUnderMinutes: number }): { text: string; soon: boolean } {
  const ms = msUntilNextUtcMidnight(now);
  const soon = ms < opts.soonUnderMinutes * 60000;
  return { soon, text: soon ? opts.soonText : `${opts.label} ${formatRemaining(ms)}` };
}
