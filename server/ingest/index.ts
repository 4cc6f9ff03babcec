/**
 * Answer ingestion: turns a raw provider answer (text + citation list) into the facts every
 * insight is computed from — brand mentions (tracked and untracked) with rank and sentiment, and
 * normalized citations. The same code handles live runs and the generated demo answers.
 */
export type { TrackedEntity, ExtractedMention, NormalizedCitation, ExtractedAnswer } from './types';
export { extractAnswer } from './extractAnswer';
export { normalizeCitations, normalizeUrl, registrableDomain, citationHash } from './citations';
export { afinnScore, scoreUnits, toUnitInterval, ANSWER_VOCABULARY } from './sentiment';
export { entityKey } from './brandMatcher';
