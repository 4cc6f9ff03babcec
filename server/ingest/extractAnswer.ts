import type { AnswerContent } from '../providers/provider';
import { maskUrls, trackedMatcher, type BrandSpan } from './brandMatcher';
import { normalizeCitations } from './citations';
import { afinnScore, meanToUnitInterval as sentimentOf } from './sentiment';
import { splitUnits, unitAt } from './textUnits';
import type { ExtractedAnswer, ExtractedMention, TrackedEntity } from './types';
import { findUntracked } from './untrackedBrands';

/**
 * Turns one raw provider answer into facts: every brand it names (tracked or not) with its rank
 * and sentiment, and its normalized citations. Pure and deterministic.
 */
export function extractAnswer(answer: AnswerContent, tracked: TrackedEntity[]): ExtractedAnswer {
  const text = typeof answer.answerText === 'string' ? answer.answerText : '';
  const masked = maskUrls(text);
  const trackedSpans = trackedMatcher(tracked).find(masked);
  const spans = [...trackedSpans, ...findUntracked(masked, trackedSpans)].sort((a, b) => a.start - b.start);

  // First occurrence of each entity decides its rank; all occurrences feed its sentiment.
  const byEntity = new Map<string, { first: BrandSpan; spans: BrandSpan[] }>();
  for (const s of spans) {
    const e = byEntity.get(s.entity);
    if (e) e.spans.push(s);
    else byEntity.set(s.entity, { first: s, spans: [s] });
  }

  // Sentiment is read with brand names blanked out, so a brand called e.g. "Wise" or "Chime"
  // does not score itself.
  let brandless = text;
  if (spans.length) {
    const parts: string[] = [];
    let at = 0;
    for (const s of spans) {
      if (s.start < at) continue;
      parts.push(text.slice(at, s.start), ' '.repeat(s.end - s.start));
      at = s.end;
    }
    parts.push(text.slice(at));
    brandless = parts.join('');
  }
  // Units are cut on the original text (a blanked name would hide a sentence start) and read
  // from the brandless copy: blanking keeps every offset.
  const units = splitUnits(text);

  // A unit naming several brands is scored once.
  const unitScores = new Map<number, number>();
  const unitScore = (i: number) => {
    let score = unitScores.get(i);
    if (score === undefined) unitScores.set(i, (score = afinnScore(brandless.slice(units[i].start, units[i].end))));
    return score;
  };
  const mentions: ExtractedMention[] = [];
  let rank = 0;
  for (const [entity, { first, spans: occurrences }] of byEntity) {
    const unitIds = new Set<number>();
    for (const s of occurrences) {
      const u = unitAt(units, s.start);
      if (u >= 0) unitIds.add(u);
    }
    mentions.push({
      entity,
      name: first.name,
      rank: ++rank,
      sentiment: sentimentOf([...unitIds].map(unitScore)),
      tracked: first.tracked,
    });
  }

  return {
    mentions,
    citations: normalizeCitations(Array.isArray(answer.citations) ? answer.citations : []),
    namedCount: mentions.length,
  };
}
