import { createRequire } from 'node:module';
import { entityKey, type BrandSpan } from './brandMatcher';

/**
 * Finds brands the user does not track, conservatively: only where the answer's structure says
 * "this is a brand" —
 *  - the leading name of a numbered or bulleted list item ("1. **Monday.com** – …",
 *    "2. ClickUp: …", "- Wrike — …", "- Wrike"), or of a markdown heading ("### 3. Wrike");
 *  - the capitalised names after "such as", "including", "e.g." or "<tools/apps/banks…> like"
 *    ("tools such as Wrike, Basecamp and Smartsheet").
 * Candidates made only of heading words ("Best Overall", "Pricing", "Key Features") or of
 * opinion words ("Excellent") are rejected. Later occurrences anywhere in the answer count too,
 * so the first occurrence decides rank.
 */

// One capitalised word of a brand name: "Monday.com", "N26", "ClickUp", "HOKA", "Bank-X".
const WORD = String.raw`[\p{Lu}\d][\p{L}\p{N}&+'’]*(?:[.\-][\p{L}\p{N}]+)*`;
const NAME = String.raw`${WORD}(?:[ \t]+(?:&[ \t]+)?${WORD}){0,3}`;
const DELIM = String.raw`(?:[–—:|(]|-(?=[ \t]))`;

// List items are found line by line: a cheap marker test, then the name pattern anchored after it.
const LIST_MARKER = /^[ \t]*(?:\d{1,3}[.)]|[-*•+])[ \t]+/;
const LIST_ITEM = new RegExp(
  String.raw`(?:` +
    String.raw`(?:\*\*|__)(?<bold>${NAME})[ \t]*:?(?:\*\*|__)` +
    String.raw`|(?<plain>${NAME})(?=[ \t]*${DELIM})` +
    String.raw`|(?<only>${NAME})[ \t]*$)`,
  'yu',
);
const HEADING = new RegExp(
  String.raw`^[ \t]*#{1,6}[ \t]+(?:\d{1,3}[.)][ \t]+)?(?:\*\*|__)?(?<name>${NAME})(?:\*\*|__)?[ \t]*:?[ \t]*$`,
  'u',
);
const CATEGORY = String.raw`(?:tools|apps|platforms|options|alternatives|brands|competitors|rivals|banks|neobanks|services|players|names|products|solutions|providers|shoes|companies|startups|newcomers|challengers)`;
// Case-sensitive on purpose: these cues are lower-case mid-sentence, and the 'i' flag is slow here.
const TRIGGER = new RegExp(String.raw`(?:\b(?:[Ss]uch as|[Ii]ncluding|e\.g\.,?)|\b${CATEGORY}[ \t]+like)[ \t]+`, 'gu');
const MAY_HAVE_TRIGGER = /such as|ncluding|e\.g\.| like /;
// An enumerated element: a name (optionally bold) followed by a separator or the end of the clause.
const ELEMENT = new RegExp(
  String.raw`^(?:\*\*|__)?(?<name>${NAME})(?:\*\*|__)?(?<sep>,[ \t]*(?:and|or)[ \t]+|,[ \t]*|[ \t]+(?:and|or)[ \t]+|(?=[ \t]*(?:[.;:!?)]|$)))`,
  'u',
);

const LAST_ELEMENT = new RegExp(String.raw`^(?:\*\*|__)?(?<name>${NAME})(?:\*\*|__)?(?=[ \t]+\p{Ll})`, 'u');

// Words that start sentences, headings and list items in answers but never name a brand here.
const STOP_WORDS = new Set(
  `a an the this that these those it its they their there here however also additionally moreover
  finally first second third fourth fifth next then overall bottom line key takeaway takeaways summary
  conclusion verdict note notes tip tips why what how when where which who whom whose if in on at by
  for from with without and or but so yes no not step steps example examples other others more most
  many some all each both any best top better good great excellent ideal perfect solid strong popular
  budget pick picks choice choices option options alternative alternatives recommendation
  recommendations consideration considerations factor factors comparison table pros cons pricing price
  prices cost costs value plan plans free paid premium feature features ease use usability integration
  integrations support security performance reliability customer customers service services user users
  experience interface mobile app apps desktop web team teams small large enterprise enterprises
  beginners beginner startups startup runners runner cushioning fit durability weight stability comfort
  fees fee rates rate account accounts savings banking travel investing crypto cards card transfers
  daily training race racing trail road speed verdict final thoughts caveat caveats limitations
  drawbacks strengths weaknesses winner runner-up honorable mention mentions quick answer short
  important reviews review rating ratings source sources according based depending compared versus vs
  overview introduction why choose consider look looking check try avoid bonus update updated
  us uk eu usa europe america drop stack upper outsole midsole heel toe width sizes sizing colors
  colours availability apy interest cashback limits limit monthly annual fx exchange`
    .split(/\s+/)
    .filter(Boolean),
);

// AFINN word list: a "name" made only of opinion words ("Excellent", "Great Value") is not a brand.
const OPINION_WORDS = createRequire(import.meta.url)('sentiment/languages/en/labels.json') as Record<string, number>;

function plausibleBrand(name: string): boolean {
  if (name.length < 2 || !/\p{L}/u.test(name)) return false;
  const words = name.split(/[ \t]+/).filter((w) => w !== '&').map((w) => w.toLowerCase().replace(/['’]s$/, ''));
  if (STOP_WORDS.has(words[0])) return false;
  if (words.every((w) => STOP_WORDS.has(w) || Object.prototype.hasOwnProperty.call(OPINION_WORDS, w))) return false;
  return true;
}

const overlaps = (spans: readonly BrandSpan[], start: number, end: number) =>
  spans.some((s) => s.start < end && start < s.end);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Names recur across answers; compiling their patterns once keeps extraction fast.
const occurrenceCache = new Map<string, RegExp>();
function occurrencePattern(name: string): RegExp {
  let re = occurrenceCache.get(name);
  if (!re) {
    if (occurrenceCache.size > 2000) occurrenceCache.clear();
    re = new RegExp(String.raw`(?<![\p{L}\p{N}_@/.\-])${escapeRegExp(name)}(?![\p{L}\p{N}_])(?![.\-][\p{L}\p{N}])`, 'gu');
    occurrenceCache.set(name, re);
  }
  return re;
}

/** Strips a trailing possessive and trailing dots so "Wrike's" and "Monday.com." name "Wrike"/"Monday.com". */
const trimName = (name: string) => name.replace(/['’]s$/u, '').replace(/\.+$/u, '');

/**
 * Untracked brand spans in `text` (urls already masked). `tracked` are the tracked spans found
 * first; a candidate touching one is that tracked brand (e.g. "Hoka Clifton 9"), not a new one.
 */
export function findUntracked(text: string, tracked: readonly BrandSpan[]): BrandSpan[] {
  const names = new Map<string, string>(); // entity key -> display name as first detected
  const consider = (raw: string | undefined, start: number) => {
    if (!raw) return;
    const name = trimName(raw);
    if (!plausibleBrand(name) || overlaps(tracked, start, start + raw.length)) return;
    const key = entityKey(name);
    if (!names.has(key)) names.set(key, name);
  };

  let lineStart = 0;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    const marker = LIST_MARKER.exec(line);
    if (marker) {
      LIST_ITEM.lastIndex = marker[0].length;
      const m = LIST_ITEM.exec(line);
      const name = m?.groups && (m.groups.bold ?? m.groups.plain ?? m.groups.only);
      if (m && name) consider(name, lineStart + m.index + m[0].indexOf(name));
    } else if (line.includes('#')) {
      const m = HEADING.exec(line);
      const name = m?.groups?.name;
      if (m && name) consider(name, lineStart + m[0].indexOf(name));
    }
    lineStart = lineEnd + 1;
  }

  const hasTrigger = MAY_HAVE_TRIGGER.test(text);
  TRIGGER.lastIndex = 0;
  let t: RegExpExecArray | null;
  while (hasTrigger && (t = TRIGGER.exec(text)) !== null) {
    let pos = t.index + t[0].length;
    let afterConjunction = false;
    for (;;) {
      const window = text.slice(pos, pos + 200);
      const e = ELEMENT.exec(window);
      if (!e?.groups) {
        // The last item of "X, Y and Z are …" runs into the verb: accept it only after "and"/"or".
        const last = afterConjunction ? LAST_ELEMENT.exec(window) : null;
        if (last?.groups) consider(last.groups.name, pos + last[0].indexOf(last.groups.name));
        break;
      }
      consider(e.groups.name, pos + e[0].indexOf(e.groups.name));
      if (!e.groups.sep) break;
      afterConjunction = /\b(?:and|or)\b/.test(e.groups.sep);
      pos += e[0].length;
    }
  }

  // Every occurrence of a detected name (case-sensitive: it was detected as a capitalised name).
  const spans: BrandSpan[] = [];
  for (const [entity, name] of names) {
    const re = occurrencePattern(name);
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
      const start = m.index;
      const end = start + m[0].length;
      if (!overlaps(tracked, start, end)) spans.push({ entity, name, start, end, tracked: false });
    }
  }
  return spans;
}
