/**
 * Answer ingestion: turns a raw provider answer (text + citation list) into the facts every
 * insight is computed from — brand mentions (tracked and untracked) with rank and sentiment, and
 * normalized citations. The same code handles live runs and the generated demo answers.
 */
export type { TrackedEntity, ExtractedMention, NormalizedCitation, ExtractedAnswer } from './types.js';
export { extractAnswer } from './extractAnswer.js';
export { normalizeCitations, normalizeUrl, registrableDomain, citationHash } from './citations.js';
export { afinnScore, scoreUnits, toUnitInterval, ANSWER_VOCABULARY } from './sentiment.js';
export { entityKey } from './brandMatcher.js';
