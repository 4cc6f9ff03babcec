import type { AnswerContent, RawCitation } from '../../providers/provider';
import type { PhraseBank, SourceSite } from './catalog/index';
import { chance, gaussian, intBetween, pick, weighted, type Rng } from './prng';

/**
 * The simulated providers' answer model, shared by the demo generator and the simulated
 * provider: given which brands an answer names (in order, with a tone each) it writes the answer
 * text the way assistants do (numbered lists, bullets or prose, markdown, inline citation
 * markers) and a citation list. Untracked brands are always written where a reader (and the
 * extractor) can tell they are brands: leading a list item, or after "such as" in prose.
 */

/** A brand the answer names. */
export interface AnswerEntity {
  name: string;
  blurb: string;
  /** -1..1 after all biases and noise; picks a positive, neutral or negative phrase */
  tone: number;
  /** true when the extractor has to recognise it from the answer's structure */
  untracked: boolean;
  /** the brand's own site, cited sometimes */
  url?: string;
}

/** What the answer is about and how the industry talks. */
export interface AnswerSetting {
  promptText: string;
  provider: string;
  location: string;
  at: Date;
  category: string;
  categoryTitle: string;
  intros: readonly string[];
  closings: readonly string[];
  phrases: PhraseBank;
  sources: readonly SourceSite[];
  subreddits: readonly string[];
}

/** A brand that may be named, with the chance that it is and how prominently. */
export interface Candidate {
  entity: AnswerEntity;
  /** 0..1 chance to be named in this answer */
  p: number;
  /** higher is named earlier; noise is added per answer */
  prominence: number;
}

const TONE_POSITIVE = 0.3;
const TONE_NEGATIVE = -0.3;

/** Picks the named brands (each with its chance) and orders them by noisy prominence. */
export function chooseEntities(rng: Rng, candidates: readonly Candidate[], minNamed = 0, fillers: readonly Candidate[] = []): AnswerEntity[] {
  const chosen: { c: Candidate; key: number }[] = [];
  for (const c of candidates) if (rng() < c.p) chosen.push({ c, key: c.prominence + gaussian(rng, 0.35) });
  // Answers rarely name fewer than a few brands: top up from the fillers (never tracked-biased ones).
  for (const f of fillers) {
    if (chosen.length >= minNamed) break;
    if (!chosen.some((x) => x.c.entity.name === f.entity.name)) chosen.push({ c: f, key: f.prominence + gaussian(rng, 0.35) - 0.5 });
  }
  chosen.sort((a, b) => b.key - a.key);
  return chosen.map((x) => x.c.entity);
}

type Format = 'numbered' | 'bulleted' | 'prose';
const FORMAT_WEIGHTS: Record<string, [Format, number][]> = {
  openai: [['numbered', 5], ['bulleted', 2], ['prose', 3]],
  perplexity: [['numbered', 3.5], ['bulleted', 2.5], ['prose', 4]],
  google: [['numbered', 4], ['bulleted', 4], ['prose', 2]],
  microsoft: [['numbered', 4.5], ['bulleted', 2.5], ['prose', 3]],
};
const CITATION_COUNT: Record<string, [number, number]> = {
  openai: [2, 4],
  perplexity: [3, 6],
  google: [2, 5],
  microsoft: [2, 4],
};

const phraseFor = (rng: Rng, phrases: PhraseBank, tone: number) =>
  pick(rng, tone > TONE_POSITIVE ? phrases.positive : tone < TONE_NEGATIVE ? phrases.negative : phrases.neutral);

// "A UK account" -> "a UK account", but acronyms ("ASICS …") keep their case.
const lowerFirst = (s: string) => (/^[A-Z](?![A-Z])/.test(s) ? s[0].toLowerCase() + s.slice(1) : s);

// Templates and slugs repeat in every answer: split and computed once, as a big seed writes millions.
const templateParts = new Map<string, string[]>();

/** Replaces each {key} with values[key], leaving unknown keys as written. */
function fill(template: string, values: Record<string, string> | ((key: string) => string | undefined)): string {
  let parts = templateParts.get(template);
  if (!parts) {
    // Odd indexes hold the keys: 'a {x} b' -> ['a ', 'x', ' b'].
    parts = template.split(/\{(\w+)\}/);
    templateParts.set(template, parts);
  }
  const valueOf = typeof values === 'function' ? values : (key: string) => values[key];
  let out = parts[0];
  for (let i = 1; i < parts.length; i += 2) out += (valueOf(parts[i]) ?? `{${parts[i]}}`) + parts[i + 1];
  return out;
}

// Bounded: the simulated provider slugs users' prompt texts for as long as the server runs.
const slugs = new Map<string, string>();
const MAX_SLUGS = 20_000;
function slugify(s: string): string {
  let slug = slugs.get(s);
  if (slug === undefined) {
    slug = s.toLowerCase().normalize('NFKD').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60);
    if (slugs.size >= MAX_SLUGS) slugs.clear();
    slugs.set(s, slug);
  }
  return slug;
}

/** Writes the answer text and its citations. */
export function composeAnswer(rng: Rng, setting: AnswerSetting, entities: readonly AnswerEntity[]): AnswerContent {
  const format = weighted(rng, FORMAT_WEIGHTS[setting.provider] ?? FORMAT_WEIGHTS.openai, (w) => w[1])[0];
  const [minC, maxC] = CITATION_COUNT[setting.provider] ?? CITATION_COUNT.openai;
  const citations = buildCitations(rng, setting, entities, intBetween(rng, minC, maxC));
  // Perplexity marks sources inline; the marker goes before the full stop so sentences still split.
  const marker = () => (setting.provider === 'perplexity' && chance(rng, 0.7) ? ` [${intBetween(rng, 1, citations.length)}]` : '');

  const lines: string[] = [];
  const country = COUNTRY_NAMES[setting.location.toUpperCase()];
  // Answers run from another country sometimes say so, as assistants localise.
  const local = country && chance(rng, 0.3) ? ` ${pick(rng, LOCAL_NOTES).replace('{country}', country)}` : '';
  lines.push(fill(pick(rng, setting.intros), { category: setting.category }) + local);
  lines.push('');
  if (entities.length === 0) {
    lines.push(`There is no clear leader among ${setting.category} for this question${marker()}. It depends on what matters most to you.`);
  } else if (format === 'prose') {
    const sentences = entities.map((e, i) => proseSentence(rng, setting, e, i) + marker() + '.');
    const cut = Math.ceil(sentences.length / 2);
    lines.push(sentences.slice(0, cut).join(' '));
    if (sentences.length > cut) lines.push('', sentences.slice(cut).join(' '));
  } else {
    const numbered = format === 'numbered';
    const bullet = pick(rng, ['-', '*']);
    entities.forEach((e, i) => {
      const lead = numbered ? `${i + 1}.` : bullet;
      const pred = phraseFor(rng, setting.phrases, e.tone);
      const style = intBetween(rng, 0, 2);
      const item =
        style === 0 ? `**${e.name}** – ${e.blurb}. It ${pred}${marker()}.`
          : style === 1 ? `**${e.name}**: ${e.blurb}. It ${pred}${marker()}.`
            : `${e.name} — ${e.blurb}; it ${pred}${marker()}.`;
      lines.push(`${lead} ${item}`);
    });
  }
  const closings = setting.closings.filter((c) => (!c.includes('{first}') || entities.length >= 1) && (!c.includes('{second}') || entities.length >= 2));
  lines.push('', fill(pick(rng, closings), { first: entities[0]?.name ?? '', second: entities[1]?.name ?? '' }));
  return { answerText: lines.join('\n'), citations };
}

const COUNTRY_NAMES: Record<string, string> = {
  US: 'the US', GB: 'the UK', DE: 'Germany', FR: 'France', IN: 'India', CA: 'Canada', AU: 'Australia', JP: 'Japan',
  ES: 'Spain', NL: 'the Netherlands', IT: 'Italy', BR: 'Brazil', MX: 'Mexico', SE: 'Sweden',
};
const LOCAL_NOTES = ['Availability and prices can differ in {country}.', 'Prices are as listed for {country}.', '(Based on options available in {country}.)'];

const CONNECTORS = ['', '', 'Meanwhile, ', 'By contrast, ', 'For many people, ', 'Reviewers note that '];

function proseSentence(rng: Rng, setting: AnswerSetting, e: AnswerEntity, i: number): string {
  const pred = phraseFor(rng, setting.phrases, e.tone);
  if (e.untracked) return `There are also ${setting.category} such as ${e.name}, which ${pred}`;
  const connector = i === 0 ? '' : pick(rng, CONNECTORS);
  const body = chance(rng, 0.4) ? `${e.name} (${lowerFirst(e.blurb)}) ${pred}` : `${e.name} ${pred}`;
  return connector + body;
}

const AUTHOR_SLUGS = ['jdoe', 'mkline', 'sarahwrites', 'techreviewer', 'alexp'];
const ID_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';
function randomId(rng: Rng, n: number): string {
  let id = '';
  for (let i = 0; i < n; i++) id += ID_CHARS[Math.floor(rng() * ID_CHARS.length)];
  return id;
}
const pad2 = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;

function hostOf(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
}

function buildCitations(rng: Rng, setting: AnswerSetting, entities: readonly AnswerEntity[], count: number): RawCitation[] {
  const named = entities.filter((e) => e.url);
  // Brands' own sites join the pool when the answer names them; the first-named weigh most.
  const brandSites: SourceSite[] = named.slice(0, 3).map((e, i) => {
    const host = hostOf(e.url!);
    const bare = host.replace(/^www\./, '');
    return {
      host: i % 2 === 0 ? host : `blog.${bare}`,
      paths: i % 2 === 0 ? ['/', '/about', '/compare/{slug}', '/{slug}'] : ['/{slug}', '/posts/{slug}/'],
      titles: i % 2 === 0 ? [`${e.name} | Official site`, `${e.name}: ${e.blurb}`, `About ${e.name}`] : [`${e.name} blog: {topic}`, `What’s new at ${e.name}`],
      authors: [null, `${e.name} Team`],
      weight: 4 - i,
    };
  });
  const pool = [...setting.sources, ...brandSites];
  const picked: SourceSite[] = [];
  for (let guard = 0; picked.length < Math.min(count, pool.length) && guard < 50; guard++) {
    const s = weighted(rng, pool, (x) => x.weight);
    if (!picked.includes(s)) picked.push(s);
  }
  const brandA = named[0] ?? entities[0];
  const brandB = named[1] ?? entities[1] ?? brandA;
  const brandName = brandA?.name ?? setting.categoryTitle;
  const brand2Name = brandB?.name ?? setting.categoryTitle;
  // The same for every citation of this answer.
  const shared: Record<string, string> = {
    slug: slugify(setting.promptText),
    brandSlug: slugify(brandName),
    brandSlug2: slugify(brand2Name),
    BrandWiki: brandName.replace(/ /g, '_'),
    brandDomain: brandA?.url ? hostOf(brandA.url).replace(/^www\./, '') : 'example.com',
    topic: setting.promptText,
    Brand: brandName,
    Brand2: brand2Name,
    CategoryTitle: setting.categoryTitle,
    category: setting.category,
  };
  return picked.map((site) => {
    // Pages carry a publication date (midnight UTC), some none at all.
    const published = chance(rng, 0.15) ? null : new Date((Math.floor(setting.at.getTime() / DAY_MS) - intBetween(rng, 3, 700)) * DAY_MS);
    const when = published ?? setting.at;
    // Drawn for every citation, used or not, in this order: the random stream stays as it was.
    const id = randomId(rng, 8);
    const sub = pick(rng, setting.subreddits);
    const authorSlug = pick(rng, AUTHOR_SLUGS);
    const count = String(intBetween(rng, 5, 15));
    const values = (key: string): string | undefined => {
      switch (key) {
        case 'id': return id;
        case 'sub': return sub;
        case 'authorSlug': return authorSlug;
        case 'count': return count;
        case 'year': return String(when.getUTCFullYear());
        case 'month': return pad2(when.getUTCMonth() + 1);
        case 'day': return pad2(when.getUTCDate());
        default: return shared[key];
      }
    };
    let url = `https://${site.host}${fill(pick(rng, site.paths), values)}`;
    // ChatGPT tags the links it cites; some hosts come back upper-case or with a fragment.
    if (setting.provider === 'openai' && chance(rng, 0.5)) url += `${url.includes('?') ? '&' : '?'}utm_source=chatgpt.com`;
    else if (chance(rng, 0.05)) url += '#:~:text=' + encodeURIComponent(setting.category);
    const title = chance(rng, 0.05) ? null : fill(pick(rng, site.titles), values);
    return { url, title, author: pick(rng, site.authors), publishedAt: published ? published.toISOString() : null };
  });
}

export const _internals = { TONE_POSITIVE, TONE_NEGATIVE };
