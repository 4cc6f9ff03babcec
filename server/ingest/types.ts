/** A brand the user tracks (own brand or competitor), matched by its name and aliases. */
export interface TrackedEntity {
  name: string;
  aliases?: string[];
}

/** One brand named in an answer. One per entity per answer; the first occurrence decides rank. */
export interface ExtractedMention {
  /** lower-case key of the canonical name */
  entity: string;
  /** canonical display name (tracked: the TrackedEntity name; untracked: as first written) */
  name: string;
  /** 1 = first brand named, among tracked and untracked brands */
  rank: number;
  /** -1..1, see sentiment.ts for the mapping from AFINN scores */
  sentiment: number;
  tracked: boolean;
}

export interface NormalizedCitation {
  /** 1-based position in the provider's citation list (after dropping entries without a url) */
  position: number;
  /** the url as the provider returned it, trimmed */
  url: string;
  /** registrable domain via tldts, lower case; '' if none (ip address, localhost, garbage) */
  domain: string;
  title: string | null;
  author: string | null;
  /** ISO-8601, or null when missing or unparseable */
  publishedAt: string | null;
  /** sha1 hex of the normalized url: stable across tracking parameters, fragments and host case */
  citationHash: string;
}

export interface ExtractedAnswer {
  mentions: ExtractedMention[];
  citations: NormalizedCitation[];
  /** number of distinct named brands (tracked and untracked) */
  namedCount: number;
}
