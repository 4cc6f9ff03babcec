import type { TrackedEntity } from './types';

/** One occurrence of a brand in an answer, as offsets into the answer text. */
export interface BrandSpan {
  entity: string;
  name: string;
  start: number;
  end: number;
  tracked: boolean;
}

export interface TrackedMatcher {
  /** All non-overlapping occurrences of tracked brands, in text order. */
  find(text: string): BrandSpan[];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Word boundaries that also respect domain-like names: a name may not continue a word, a path,
 * an e-mail or a dotted/hyphenated host on its left ("notlinear.app", "not.linear.app",
 * "@notion"), nor run into letters or another dotted label on its right ("Notional",
 * "linear.apps", "notion.so" for the name "Notion"). Possessives ("Asana's"), markdown
 * ("**Asana**") and punctuation are fine.
 */
const LEFT = String.raw`(?<![\p{L}\p{N}_@/])(?<![\p{L}\p{N}][.\-])`;
const RIGHT = String.raw`(?![\p{L}\p{N}_])(?![.][\p{L}\p{N}])(?!\/[\p{L}\p{N}])`;

export function entityKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

function compile(tracked: readonly TrackedEntity[]): TrackedMatcher {
  // Every surface form (name or alias) maps back to its entity; the first entity to claim a form wins.
  const byForm = new Map<string, { entity: string; name: string }>();
  for (const t of tracked) {
    const name = t.name.trim().replace(/\s+/g, ' ');
    if (name === '') continue;
    const target = { entity: entityKey(name), name };
    for (const form of [name, ...(t.aliases ?? [])]) {
      const f = entityKey(form);
      if (f !== '' && !byForm.has(f)) byForm.set(f, target);
    }
  }
  if (byForm.size === 0) return { find: () => [] };
  // Longest forms first so "Starling Bank" beats "Starling" at the same position.
  const forms = [...byForm.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  // One alternation over the lower-cased text (no 'i' or 'u' flag: those make it several times
  // slower); the boundary rules are checked by hand on each hit.
  const search = new RegExp(forms.map((f) => escapeRegExp(f).replace(/ /g, '\\s+')).join('|'), 'g');
  return {
    find(text) {
      const lowered = text.toLowerCase();
      if (lowered.length !== text.length) return findByRegex(text, forms, byForm);
      const spans: BrandSpan[] = [];
      search.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = search.exec(lowered)) !== null) {
        const at = m.index;
        // The longest form at this position first; a shorter one may still fit the boundaries.
        let hit: string | undefined = leftBoundary(text, at) && rightBoundary(text, at + m[0].length) ? m[0] : undefined;
        if (hit === undefined && leftBoundary(text, at)) {
          hit = forms.find((f) => f.length < m![0].length && lowered.startsWith(f, at) && rightBoundary(text, at + f.length));
        }
        if (hit === undefined) {
          search.lastIndex = at + 1;
          continue;
        }
        const target = byForm.get(entityKey(hit));
        if (target) spans.push({ entity: target.entity, name: target.name, start: at, end: at + hit.length, tracked: true });
        search.lastIndex = at + hit.length;
      }
      return spans;
    },
  };
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;
const ALNUM = /[\p{L}\p{N}]/u;

/** See LEFT: not inside a word, path, e-mail or dotted/hyphenated host. */
function leftBoundary(text: string, at: number): boolean {
  if (at === 0) return true;
  const prev = text[at - 1];
  if (WORD_CHAR.test(prev) || prev === '@' || prev === '/') return false;
  if ((prev === '.' || prev === '-') && at >= 2 && ALNUM.test(text[at - 2])) return false;
  return true;
}

/** See RIGHT: not running into letters, nor into another dotted label or a path. */
function rightBoundary(text: string, end: number): boolean {
  if (end >= text.length) return true;
  const next = text[end];
  if (WORD_CHAR.test(next)) return false;
  if ((next === '.' || next === '/') && end + 1 < text.length && ALNUM.test(text[end + 1])) return false;
  return true;
}

/** Fallback for text whose lower-case form changes length (rare Unicode): the same rules as a regex. */
function findByRegex(text: string, forms: string[], byForm: Map<string, { entity: string; name: string }>): BrandSpan[] {
  const alternation = forms.map((f) => escapeRegExp(f).replace(/ /g, '\\s+')).join('|');
  const re = new RegExp(`${LEFT}(?:${alternation})${RIGHT}`, 'giu');
  const spans: BrandSpan[] = [];
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const target = byForm.get(entityKey(m[0]));
    if (target) spans.push({ ...target, start: m.index, end: m.index + m[0].length, tracked: true });
  }
  return spans;
}

// The loader calls extraction once per run with the same tracked list; compile it once.
const cache = new Map<string, TrackedMatcher>();
const CACHE_LIMIT = 256;

export function trackedMatcher(tracked: readonly TrackedEntity[]): TrackedMatcher {
  const key = JSON.stringify(tracked.map((t) => [t.name, t.aliases ?? []]));
  let matcher = cache.get(key);
  if (!matcher) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    matcher = compile(tracked);
    cache.set(key, matcher);
  }
  return matcher;
}

/** Blanks urls (same length, so offsets stay valid): a brand inside a link is a citation, not a mention. */
export function maskUrls(text: string): string {
  if (!text.includes('http') && !text.includes('www.')) return text;
  return text.replace(/\bhttps?:\/\/[^\s)\]>"']+|\bwww\.[^\s)\]>"']+/giu, (u) => ' '.repeat(u.length));
}
