import type { Db } from '../../../db/types';
import { SqlParams, byCodePoint, displayNames, num } from '../sql';
import type { Window } from '../windows';
import type { FactSource } from '../../insights/shared/scope';
import { entityNameCounts } from './rollupReads';

/** A question suggested for monitoring. */
export interface SuggestedPrompt {
  relatedQuestion: string;
}

export interface SuggestionInput {
  brandName: string;
  /** tracked competitors, most mentioned in the window first */
  competitors: string[];
  /** untracked brands the answers name, most mentioned first */
  untracked: string[];
  /** texts of the brand's monitored prompts, best mention rate first */
  promptsByPerformance: string[];
}

/** Rewrites that turn a well-performing question into a nearby one worth monitoring. */
const VARIATIONS: Array<[RegExp, string]> = [
  [/^what are the best /i, 'What are the most affordable '],
  [/^what is the best /i, 'What is the most affordable '],
  [/^which (.+) (is|are) best /i, 'Which $1 $2 most recommended '],
  [/^top[- ]rated /i, 'Most affordable '],
  [/^best /i, 'Most affordable '],
];

function variation(text: string): string | null {
  for (const [pattern, replacement] of VARIATIONS) {
    if (pattern.test(text)) return text.replace(pattern, replacement);
  }
  return null;
}

const key = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Deterministic suggestions from the brand's data, interleaved so the first three shown mix
 * kinds: head-to-head comparisons with tracked competitors the brand does not monitor yet,
 * brands the answers name that are not tracked, variations of the best-performing prompts,
 * alternatives to competitors, then brand-reputation questions. Anything already monitored
 * (same text, or a prompt that names both brands) is left out.
 */
export function buildSuggestions(input: SuggestionInput, limit: number): SuggestedPrompt[] {
  const monitored = input.promptsByPerformance.map(key);
  const monitoredSet = new Set(monitored);
  const brand = input.brandName;
  const brandKey = brand.toLowerCase();
  const comparesBoth = (other: string) => monitored.some((text) => text.includes(brandKey) && text.includes(other.toLowerCase()));

  const groups: string[][] = [
    input.competitors.filter((c) => !comparesBoth(c)).map((c) => `${brand} vs ${c}: which is better?`),
    input.untracked.filter((u) => !comparesBoth(u)).map((u) => `Is ${u} a good alternative to ${brand}?`),
    input.promptsByPerformance.map(variation).filter((v): v is string => v !== null),
    input.competitors.map((c) => `What are the best alternatives to ${c}?`),
    [`What are the pros and cons of ${brand}?`, `Is ${brand} worth it?`, `What do customers say about ${brand}?`],
  ];
  const out: SuggestedPrompt[] = [];
  const seen = new Set<string>();
  const longest = Math.max(...groups.map((g) => g.length));
  for (let i = 0; i < longest && out.length < limit; i++) {
    for (const group of groups) {
      const text = group[i];
      if (text === undefined || out.length >= limit) continue;
      const k = key(text);
      if (monitoredSet.has(k) || seen.has(k)) continue;
      seen.add(k);
      out.push({ relatedQuestion: text });
    }
  }
  return out;
}

/** (entity, entity_name, n) from the raw mentions: the reference for entityNameCounts. */
async function rawEntityNameCounts(
  db: Db,
  brandId: string,
  ownEntity: string,
  window: Window,
): Promise<Array<Record<string, unknown>>> {
  const p = new SqlParams();
  const brand = p.add(brandId);
  const start = p.time(window.start);
  const end = p.time(window.end);
  const own = p.add(ownEntity);
  return db.query(
    `SELECT m.entity, m.entity_name, COUNT(*) AS n
       FROM mentions m
      WHERE m.brand_id = ${brand} AND m.created_at >= ${start} AND m.created_at < ${end} AND m.entity <> ${own}
      GROUP BY m.entity, m.entity_name`,
    p.values,
  );
}

/** Names the brand's answers mention in the window, split into tracked competitors and untracked brands. */
export async function loadMentionedNames(
  db: Db,
  brandId: string,
  ownEntity: string,
  window: Window,
  source: FactSource = 'raw',
): Promise<{ competitors: string[]; untracked: string[] }> {
  const [spellings, tracked] = await Promise.all([
    source === 'rollups' ? entityNameCounts(db, brandId, ownEntity, window) : rawEntityNameCounts(db, brandId, ownEntity, window),
    db.query('SELECT name, name_key FROM competitors WHERE brand_id = $1', [brandId]),
  ]);
  // Counted and ordered here, not in SQL: text order depends on the database's collation.
  const names = displayNames(spellings);
  const totals = new Map<string, number>();
  for (const row of spellings) totals.set(String(row.entity), (totals.get(String(row.entity)) ?? 0) + num(row.n));
  const mentioned = [...totals]
    .sort((a, b) => b[1] - a[1] || byCodePoint(a[0], b[0]))
    .slice(0, 200)
    .map(([entity, n]) => ({ entity, name: names.get(entity)!, n }));
  const competitorNames = new Map(
    tracked.map((row) => [String(row.name_key), String(row.name)] as [string, string]).sort((a, b) => byCodePoint(a[0], b[0])),
  );
  const competitors: string[] = [];
  const untracked: string[] = [];
  for (const row of mentioned) {
    const entity = String(row.entity);
    if (num(row.n) <= 0) continue;
    const name = competitorNames.get(entity);
    if (name !== undefined) {
      competitors.push(name);
      competitorNames.delete(entity);
    } else {
      untracked.push(String(row.name));
    }
  }
  competitors.push(...competitorNames.values()); // tracked but not named in the window: still worth comparing
  return { competitors, untracked };
}
