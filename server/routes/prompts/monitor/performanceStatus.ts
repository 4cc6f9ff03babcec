/** Thresholds of the prompt performance labels (Top Performer, Low Visibility, Stable…), documented in the table call file. */
export const TOP_MENTION_RATE = 60;
export const LOW_MENTION_RATE = 30;
export const STABLE_DELTA_POINTS = 5;

export type PerformanceStatus = 'top' | 'bottom' | 'zero_mention' | 'stable' | 'other';
export type RecencyStatus = 'never_run' | 'recent' | 'idle';

/**
 * First match wins:
 * zero_mention: never run (shown as New), or runs in the window without one brand mention;
 * top: mention rate ≥ 60 %; bottom: mention rate < 30 %;
 * stable: |mention rate change| ≤ 5 points against the delta window (which must have runs);
 * other (Figuring Out): everything else, including a prompt with no runs in the window.
 */
export function performanceStatus(input: {
  everRun: boolean;
  runs: number;
  mentioned: number;
  mentionRate: number | null;
  deltaMentionRate: number | null;
}): PerformanceStatus {
  if (!input.everRun) return 'zero_mention';
  if (input.runs === 0 || input.mentionRate === null) return 'other';
  if (input.mentioned === 0) return 'zero_mention';
  if (input.mentionRate >= TOP_MENTION_RATE) return 'top';
  if (input.mentionRate < LOW_MENTION_RATE) return 'bottom';
  if (input.deltaMentionRate !== null && Math.abs(input.deltaMentionRate) <= STABLE_DELTA_POINTS) return 'stable';
  return 'other';
}

/** never_run: no run ever; recent: ran in the current window; idle: ran before, not in the window. */
export function recencyStatus(everRun: boolean, runsInWindow: number): RecencyStatus {
  if (!everRun) return 'never_run';
  return runsInWindow > 0 ? 'recent' : 'idle';
}
