import type { AnswerContent } from '../../providers/provider';

export interface GeneratorOptions {
  /** multiplies run volume by about this factor (more prompts per brand); 1 ≈ 30k-60k runs */
  scale: number;
  seed: number;
  /** the end of the generated history; runs never lie after it */
  now: Date;
  /** days of history ending today (default 90) */
  days?: number;
}

export interface DemoPrompt {
  key: string;
  text: string;
  state: 'active' | 'inactive';
  providers: string[];
  locations: string[];
  /** '0 0 * * *' daily, '0 0 * * 0' weekly (Sunday), '0 0 1 * *' monthly (1st) */
  frequencyCron: string;
  createdAt: Date;
  /** last change: the stop time for stopped prompts, else createdAt */
  updatedAt: Date;
  /** when a stopped (inactive) prompt was stopped; its runs end that day. null when active */
  stoppedAt: Date | null;
  neverRun: boolean;
}

export interface DemoBrand {
  key: string;
  name: string;
  url: string;
  /** two-letter country code */
  location: string;
  aliases: string[];
  industry: string;
  /** 4-6 tracked competitors */
  competitors: { name: string; aliases: string[] }[];
  /** 30-50 monitored prompts at scale 1 */
  prompts: DemoPrompt[];
}

export interface RawRun {
  brandKey: string;
  promptKey: string;
  provider: string;
  location: string;
  createdAt: Date;
  answer: AnswerContent;
}

export interface DemoWorld {
  brands: DemoBrand[];
  /** streams the runs, oldest day first; each call starts over and yields the same runs */
  runs(): Iterable<RawRun>;
}
