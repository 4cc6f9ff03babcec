import Sentiment from 'sentiment';
import { createRequire } from 'node:module';

// The AFINN-165 list ships as JSON inside the package; require() reads it the same under tsx and vitest.
const afinnLabels = createRequire(import.meta.url)('sentiment/languages/en/labels.json') as Record<string, number>;

/**
 * Mention sentiment from the AFINN-165 word list (the `sentiment` package).
 *
 * Mapping to -1..1: the AFINN score of every unit (sentence or list item) that names the brand is
 * summed and averaged over those units, then squashed with tanh(mean / 4). One strong word
 * ("excellent", +3) gives +0.64, a mild one ("limited", -1) gives -0.24, two strong ones +0.9;
 * the result never leaves -1..1 and keeps its sign.
 */
const SCALE = 4;

/**
 * Words that carry opinion in product answers but are missing from AFINN or scored for everyday
 * English. Zeros neutralise words that are descriptive here ("tools like X", "customer support",
 * "free tier"). Passed through the library's `extras` option on every analyze() call.
 */
export const ANSWER_VOCABULARY: Record<string, number> = {
  like: 0, support: 0, free: 0, no: 0, top: 0, leading: 0, 'well-known': 0, drop: 0, savings: 0,
  shared: 0, ghost: 0,
  overpriced: -3, pricey: -1, expensive: -1, steep: -1, clunky: -2, buggy: -2, glitchy: -2,
  laggy: -2, slow: -2, sluggish: -2, outdated: -2, dated: -1, cumbersome: -2, bloated: -2,
  unreliable: -2, unintuitive: -2, mediocre: -2, underwhelming: -2, overkill: -1, lacks: -2,
  lacking: -2, hidden: -1, complicated: -1, drawback: -1, drawbacks: -1, downsides: -1,
  delays: -1, frozen: -2, freezes: -2, outages: -2, crashes: -2, stiff: -1, narrow: -1,
  blisters: -2, 'hit-or-miss': -1, inconsistent: -1, frustrated: -2,
  intuitive: 2, seamless: 2, versatile: 2, flexible: 1, lightweight: 1, polished: 2, sleek: 2,
  snappy: 2, standout: 2, excels: 2, excel: 2, 'well-regarded': 2, 'user-friendly': 2,
  transparent: 2, fast: 1, smooth: 1, plush: 1, cushioned: 1, breathable: 1, springy: 1,
  generous: 2, praised: 2, loved: 3, reliable: 2, dependable: 2, 'best-in-class': 3,
};

/** Negators looked for up to two tokens back ("not very intuitive", "doesn't feel clunky"). */
const NEGATORS = new Set([
  'not', 'no', 'never', 'without', 'hardly', 'nor', 'cant', "can't", 'cannot', 'dont', "don't",
  'doesnt', "doesn't", 'isnt', "isn't", 'arent', "aren't", 'wasnt', "wasn't", 'wont', "won't",
  'didnt', "didn't", 'lacks', 'lacking',
]);

const LANGUAGE = 'en-answers';
const analyzer = new Sentiment();
// A private copy of the English labels: the library merges `extras` into the language's label
// table in place, so using 'en' directly would leak our vocabulary into other callers.
analyzer.registerLanguage(LANGUAGE, {
  labels: { ...afinnLabels },
  scoringStrategy: {
    apply(tokens, cursor, tokenScore) {
      const negated = (cursor > 0 && NEGATORS.has(tokens[cursor - 1])) || (cursor > 1 && NEGATORS.has(tokens[cursor - 2]));
      // A negated negator ("no lack of") is handled by the word's own score being flipped once.
      return negated && !NEGATORS.has(tokens[cursor]) ? -tokenScore : tokenScore;
    },
  },
});
const OPTIONS = { language: LANGUAGE, extras: ANSWER_VOCABULARY };

// Curly apostrophes would split "isn’t" away from the negator list.
const normalizeApostrophes = (s: string) => s.replace(/[’‘]/g, "'");

// Answers repeat sentences a lot (the same list item about a brand recurs across runs and days);
// analyze() is pure, so scores are memoised in a bounded map.
const memo = new Map<string, number>();
const MEMO_LIMIT = 50_000;

/** Raw AFINN score of one piece of text (sum of word scores after negation). */
export function afinnScore(text: string): number {
  let score = memo.get(text);
  if (score === undefined) {
    score = analyzer.analyze(normalizeApostrophes(text), OPTIONS).score;
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(text, score);
  }
  return score;
}

/** Maps a mean AFINN score per unit onto -1..1 (see the header comment). */
export function toUnitInterval(meanScore: number): number {
  return Math.round(Math.tanh(meanScore / SCALE) * 1000) / 1000;
}

/** Sentiment from the AFINN scores of the units naming a brand, -1..1 (0 when there are none). */
export function meanToUnitInterval(unitScores: readonly number[]): number {
  if (unitScores.length === 0) return 0;
  let total = 0;
  for (const s of unitScores) total += s;
  return toUnitInterval(total / unitScores.length);
}

/** Sentiment of a brand from the texts of the units that name it, -1..1. */
export function scoreUnits(texts: readonly string[]): number {
  return meanToUnitInterval(texts.map(afinnScore));
}
