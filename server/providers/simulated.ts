import { chooseEntities, composeAnswer, type AnswerEntity, type AnswerSetting, type Candidate } from '../seed/generator/answerModel';
import { DEMO_CATALOGS, GENERAL_SOURCES, type IndustryCatalog, type PhraseBank, type SourceSite } from '../seed/generator/catalog/index';
import { gaussian, hashString, mixSeed, mulberry32, pick, type Rng } from '../seed/generator/prng';
import { simulatedProvenance, type AnswerContent, type AnswerProvider, type AnswerRequest, type ProviderAnswer } from './provider';

/**
 * A stand-in for a real AI provider, used until API keys are configured. It writes answers with
 * the demo generator's answer model, so the ingestion pipeline sees the same kind of text.
 * Deterministic: the same prompt, provider, location and UTC day give the same answer.
 * When the brand or a competitor is a demo brand it speaks that industry's language; otherwise it
 * uses a generic vocabulary and invents a few untracked brand names from the prompt text.
 */
export interface SimulatedProviderOptions {
  /** varies every answer; default 1 */
  seed?: number;
}

const DAY = 86_400_000;

const GENERIC_PHRASES: PhraseBank = {
  positive: [
    'is praised for its quality and excellent customer service',
    'gets consistently strong reviews',
    'is a reliable, well-regarded choice',
    'is widely recommended by reviewers',
  ],
  neutral: ['offers several plans and a trial', 'is available in most countries', 'has been around for several years', 'sells online and through partners'],
  negative: [
    'is often described as overpriced',
    'has drawn complaints about slow customer service',
    'is not very intuitive for first-time users',
    'gets mixed reviews, with complaints about reliability',
  ],
};
const GENERIC_BLURBS = ['One of the names reviewers compare most often', 'A common pick in this space', 'Often listed in buyer guides', 'A frequent choice for smaller buyers'];
const GENERIC_SOURCES: SourceSite[] = [
  ...GENERAL_SOURCES,
  { host: 'www.g2.com', paths: ['/search?query={slug}', '/products/{brandSlug}/reviews'], titles: ['{Brand} Reviews {year}', 'Best {CategoryTitle}'], authors: [null], weight: 6 },
  { host: 'www.trustpilot.com', paths: ['/review/{brandDomain}'], titles: ['{Brand} Reviews | Read Customer Service Reviews'], authors: [null], weight: 3 },
];
const SYLLABLES_A = ['Nova', 'Brio', 'Lumo', 'Kiva', 'Orbi', 'Tala', 'Vexa', 'Zeno', 'Mira', 'Quill'];
const SYLLABLES_B = ['ly', 'io', 'fy', 'ora', 'ex', 'stack', 'hub', 'loop'];

const titleCase = (s: string) => s.replace(/\b\p{L}/gu, (c) => c.toUpperCase()).slice(0, 60);

function catalogFor(ctx: AnswerRequest['context']): IndustryCatalog | undefined {
  if (!ctx) return undefined;
  const names = new Set([ctx.brandName, ...ctx.competitors].map((n) => n.trim().toLowerCase()));
  return DEMO_CATALOGS.find((c) => [c.brand, ...c.competitors].some((b) => names.has(b.name.toLowerCase())));
}

function inventedBrands(promptText: string): AnswerEntity[] {
  const rng = mulberry32(hashString(promptText.toLowerCase()));
  const out = new Map<string, AnswerEntity>();
  const n = 2 + Math.floor(rng() * 2);
  while (out.size < n) {
    const name = pick(rng, SYLLABLES_A) + pick(rng, SYLLABLES_B);
    out.set(name, { name, blurb: pick(rng, GENERIC_BLURBS), tone: 0, untracked: true, url: `https://www.${name.toLowerCase()}.com` });
  }
  return [...out.values()];
}

function answerFor(rng: Rng, seed: number, provider: string, req: AnswerRequest): AnswerContent {
  const catalog = catalogFor(req.context);
  const known = new Map(catalog ? [catalog.brand, ...catalog.competitors, ...catalog.established].map((b) => [b.name.toLowerCase(), b]) : []);
  // Each (prompt, brand) pair has a stable affinity, so a prompt keeps its character from day to day.
  const affinity = (name: string) => mulberry32(mixSeed(seed, hashString(req.promptText.toLowerCase()), hashString(name.toLowerCase())))();
  const trackedNames = req.context ? [req.context.brandName, ...req.context.competitors].filter((n) => n.trim() !== '') : [];

  const candidates: Candidate[] = trackedNames.map((name) => {
    const k = known.get(name.toLowerCase());
    const a = affinity(name);
    return {
      entity: { name, blurb: k?.blurb ?? pick(rng, GENERIC_BLURBS), tone: (k?.tone ?? 0) + (a - 0.5) * 0.6 + gaussian(rng, 0.45), untracked: false, url: k?.url },
      p: 0.25 + 0.6 * a,
      prominence: (k?.strength ?? 0.5) + a * 0.3,
    };
  });
  const untracked: AnswerEntity[] = catalog
    ? catalog.established.map((b) => ({ name: b.name, blurb: b.blurb, tone: b.tone, untracked: true, url: b.url }))
    : inventedBrands(req.promptText);
  const fillers: Candidate[] = untracked.map((e) => ({
    entity: { ...e, tone: e.tone + gaussian(rng, 0.45) },
    p: 0.15 + 0.3 * affinity(e.name),
    prominence: 0.3,
  }));

  const named = chooseEntities(rng, [...candidates, ...fillers], 3, fillers);
  const setting: AnswerSetting = {
    promptText: req.promptText,
    provider,
    location: req.location,
    at: req.at,
    category: catalog?.category ?? 'options',
    categoryTitle: catalog?.categoryTitle ?? titleCase(req.promptText),
    intros: catalog?.intros ?? ['Here are the {category} that come up most often:', 'A few {category} stand out for this question:'],
    closings: catalog?.closings ?? ['Compare a couple of options before deciding.', 'If you only try one, start with {first}.'],
    phrases: catalog?.phrases ?? GENERIC_PHRASES,
    sources: catalog ? [...catalog.sources, ...GENERAL_SOURCES] : GENERIC_SOURCES,
    subreddits: catalog?.subreddits ?? ['AskReddit', 'smallbusiness', 'BuyItForLife'],
  };
  return composeAnswer(rng, setting, named);
}

export function createSimulatedProvider(id: string, opts: SimulatedProviderOptions = {}): AnswerProvider {
  const seed = opts.seed ?? 1;
  return {
    id,
    async answer(req: AnswerRequest): Promise<ProviderAnswer> {
      if (Number.isNaN(req.at.getTime())) throw new Error('answer request needs a valid date');
      const day = Math.floor(req.at.getTime() / DAY);
      const rng = mulberry32(mixSeed(seed, hashString(req.promptText), hashString(id), hashString(req.location.toUpperCase()), day));
      // No request is made, so latency is 0 (and stays deterministic like the answer).
      return { ...answerFor(rng, seed, id, req), provenance: simulatedProvenance(req.location) };
    },
  };
}
