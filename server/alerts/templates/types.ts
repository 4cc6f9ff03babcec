import type { ChangeEstimate, RateEstimate } from '../../stats/index';

/** An emerging brand as the emails show it: its recent rate against its own baseline. */
export interface ThreatLine {
  id: string;
  name: string;
  /** the threat label shown on the Competitors screen, e.g. 'Immediate threat' */
  label: string;
  current: RateEstimate;
  baseline: RateEstimate;
  change: ChangeEstimate;
}
