import { PROVIDERS } from '../../providers/provider';
import { chooseEntities, composeAnswer, type AnswerEntity, type AnswerSetting, type Candidate } from './answerModel';
import { DEMO_CATALOGS, GENERAL_SOURCES, type CatalogBrand, type IndustryCatalog } from './catalog/index';
import { promptTexts } from './promptTexts';
import { between, chance, gaussian, intBetween, mixSeed, mulberry32, pick, shuffled, type Rng } from './prng';
import type { DemoBrand, DemoPrompt, DemoWorld, GeneratorOptions, RawRun } from './types';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Days of history the demo data holds unless told otherwise. */
export const DEFAULT_DAYS = 90;
/** Prompts per brand at scale 1, one entry per demo brand (30-50 each). */
const BASE_PROMPTS = [46, 42, 44];
const MIN_PROMPTS = 8;
const CRON = { daily: '0 0 * * *', weekly: '0 0 * * 0', monthly: '0 0 1 * *' } as const;
/**
 * The last week's two real shifts, which alerts must catch (and nothing else should trip them):
 * one prompt per brand whose answers stop naming the brand (its chance falls to DROP_FACTOR of
 * normal), and the catalog's surging brand, named in SURGE_BASELINE of its host prompts' answers
 * until then and in SURGE_PEAK after. Both start SHIFT_DAYS whole days before today.
 */
const SHIFT_DAYS = 7;
const DROP_FACTOR = 0.1;
const SURGE_BASELINE = 0.02;
const SURGE_PEAK = 0.5;
const SURGE_HOST_SHARE = 0.6;
/** Seeds the shifts' own random streams, so the runs they leave alone stay byte-identical. */
const SHIFT_STREAM = 0x5e9e;

/** How one prompt behaves: who it tends to name, how favourably, and how that drifts. */
interface PromptModel {
  prompt: DemoPrompt;
  index: number;
  /** first day (UTC midnight, ms) with runs; stop day for stopped prompts is lastDay */
  firstDay: number;
  lastDay: number;
  /** earliest and latest run instant */
  from: number;
  until: number;
  cadence: keyof typeof CRON;
  own: { base: number; trend: number; tone: number; prominence: number };
  competitors: { brand: CatalogBrand; base: number; trend: number; tone: number }[];
  established: { brand: CatalogBrand; base: number }[];
  emerging: { brand: CatalogBrand; peak: number }[];
  /** the prompt whose own-brand mentions drop in the last week */
  drops: boolean;
  /** whether the catalog's surging brand appears in this prompt's answers */
  hostsSurge: boolean;
}

interface BrandModel {
  index: number;
  catalog: IndustryCatalog;
  demo: DemoBrand;
  prompts: PromptModel[];
  /** per entity name: visibility multiplier, prominence shift and tone shift per provider */
  providerBias: Map<string, Record<string, { vis: number; prom: number; tone: number }>>;
  /** per entity name: visibility multiplier per location */
  locationBias: Map<string, Record<string, number>>;
  /** when each emerging brand first appears (ms) */
  emergingStart: Map<string, number>;
  sources: AnswerSetting['sources'];
  /** opts.now in ms: emerging brands reach their peak here */
  demoNow: number;
  /** when the last week's drop and surge start (ms, UTC midnight) */
  shiftStart: number;
}

/** One generated run with the brands the model meant to name, for tests of the extractor. */
export interface RunWithTruth {
  run: RawRun;
  named: AnswerEntity[];
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const utcMidnight = (ms: number) => Math.floor(ms / DAY) * DAY;

// Large scales need more prompts than the templates yield: later rounds reword with a qualifier.
const QUALIFIERS = ['', ' right now', ' according to reviewers', ' reddit recommendations', ' with good reviews', ' worth it this year'];
function promptText(texts: string[], i: number): string {
  const round = Math.floor(i / texts.length);
  const base = texts[i % texts.length];
  return round < QUALIFIERS.length ? base + QUALIFIERS[round] : `${base} (${round + 1})`;
}

function pickProviders(rng: Rng): string[] {
  // Mostly ChatGPT and Perplexity, a few Google / Microsoft, in the product's provider order.
  const chosen = new Set<string>(['openai']);
  if (chance(rng, 0.85)) chosen.add('perplexity');
  if (chance(rng, 0.12)) chosen.add('google');
  if (chance(rng, 0.1)) chosen.add('microsoft');
  return PROVIDERS.filter((p) => chosen.has(p));
}

function pickLocations(rng: Rng, catalog: IndustryCatalog): string[] {
  const roll = rng();
  const n = roll < 0.25 ? 1 : roll < 0.7 ? 2 : 3;
  const home = catalog.brand.location;
  const others = shuffled(rng, catalog.locations.filter((l) => l !== home));
  const list = chance(rng, 0.7) ? [home, ...others] : others;
  return list.slice(0, n);
}

function buildBrand(index: number, catalog: IndustryCatalog, opts: Required<GeneratorOptions>): BrandModel {
  const rng = mulberry32(mixSeed(opts.seed, 0xb4a2d, index));
  const now = opts.now.getTime();
  const today = utcMidnight(now);
  const windowStart = today - (opts.days - 1) * DAY;
  const count = Math.max(MIN_PROMPTS, Math.round((BASE_PROMPTS[index] ?? 40) * opts.scale));
  const texts = promptTexts(rng, catalog);

  const allBrands = [catalog.brand, ...catalog.competitors, ...catalog.established, ...catalog.emerging];
  const providerBias = new Map<string, Record<string, { vis: number; prom: number; tone: number }>>();
  const locationBias = new Map<string, Record<string, number>>();
  for (const b of allBrands) {
    const byProvider: Record<string, { vis: number; prom: number; tone: number }> = {};
    for (const p of PROVIDERS) byProvider[p] = { vis: between(rng, 0.7, 1.25), prom: gaussian(rng, 0.15), tone: gaussian(rng, 0.2) };
    providerBias.set(b.name, byProvider);
    const byLocation: Record<string, number> = {};
    for (const l of catalog.locations) byLocation[l] = l === catalog.brand.location ? 1.1 : between(rng, 0.65, 1.05);
    locationBias.set(b.name, byLocation);
  }
  // The own brand is seen less by Perplexity and Microsoft: a provider gap the insights surface.
  const ownBias = providerBias.get(catalog.brand.name)!;
  ownBias.openai.vis = 1.05;
  ownBias.perplexity.vis = 0.8;
  ownBias.microsoft.vis = 0.6;

  const emergingStart = new Map<string, number>();
  for (const e of catalog.emerging) {
    const daysAgo = Math.max(3, Math.round(opts.days * between(rng, 0.12, 0.4)));
    emergingStart.set(e.name, now - daysAgo * DAY + Math.floor(rng() * DAY));
  }

  // Lifecycle roles: one never-run prompt, a few stopped ones, some that never name the brand.
  const order = shuffled(rng, Array.from({ length: count }, (_, i) => i));
  const neverRunIdx = order[0];
  const stopped = new Set(order.slice(1, 1 + Math.max(1, Math.round(count * 0.08))));
  const silentCount = Math.max(1, Math.round(count * 0.15));
  const silent = new Set(order.slice(1 + stopped.size, 1 + stopped.size + silentCount));
  const lateCount = Math.round(count * 0.12);
  const late = new Set(order.slice(1 + stopped.size + silentCount, 1 + stopped.size + silentCount + lateCount));

  const brandKey = catalog.key;
  const prompts: PromptModel[] = [];
  for (let i = 0; i < count; i++) {
    const neverRun = i === neverRunIdx;
    let createdAt: number;
    if (neverRun) createdAt = now - intBetween(rng, 1, 5) * HOUR;
    else if (late.has(i)) createdAt = today - intBetween(rng, Math.round(opts.days * 0.2), Math.round(opts.days * 0.8)) * DAY + Math.floor(rng() * DAY);
    else createdAt = windowStart - intBetween(rng, 1, 60) * DAY + Math.floor(rng() * DAY);
    let stoppedAt: number | null = null;
    if (stopped.has(i)) {
      const daysAgo = intBetween(rng, Math.max(1, Math.round(opts.days * 0.15)), Math.max(2, Math.round(opts.days * 0.7)));
      stoppedAt = Math.max(createdAt + DAY, today - daysAgo * DAY + Math.floor(rng() * DAY));
      stoppedAt = Math.min(stoppedAt, now);
    }
    const roll = rng();
    const cadence: keyof typeof CRON = neverRun || stoppedAt !== null || roll < 0.9 ? 'daily' : roll < 0.97 ? 'weekly' : 'monthly';
    const prompt: DemoPrompt = {
      key: `${brandKey}-p${String(i + 1).padStart(3, '0')}`,
      text: promptText(texts, i),
      state: stoppedAt === null ? 'active' : 'inactive',
      providers: pickProviders(rng),
      locations: pickLocations(rng, catalog),
      frequencyCron: CRON[cadence],
      createdAt: new Date(createdAt),
      updatedAt: new Date(stoppedAt ?? createdAt),
      stoppedAt: stoppedAt === null ? null : new Date(stoppedAt),
      neverRun,
    };
    prompts.push({
      prompt,
      index: i,
      firstDay: utcMidnight(createdAt),
      lastDay: stoppedAt === null ? today : utcMidnight(stoppedAt),
      from: Math.max(createdAt, windowStart),
      until: stoppedAt ?? now,
      cadence,
      own: {
        base: silent.has(i) ? 0 : between(rng, 0.25, 0.85) * (catalog.brand.strength / 0.5),
        trend: between(rng, -0.3, 0.5),
        tone: gaussian(rng, 0.3),
        prominence: gaussian(rng, 0.3),
      },
      competitors: catalog.competitors.map((brand) => ({
        brand,
        base: brand.strength * between(rng, 0.5, 1.35),
        trend: between(rng, -0.3, 0.3),
        tone: gaussian(rng, 0.2),
      })),
      established: catalog.established.map((brand) => ({ brand, base: brand.strength * between(rng, 0.3, 1.3) })),
      emerging: catalog.emerging.filter(() => chance(rng, 0.55)).map((brand) => ({ brand, peak: brand.strength * between(rng, 0.8, 1.3) })),
      drops: false,
      hostsSurge: false,
    });
  }
  markShifts(prompts, catalog, mulberry32(mixSeed(opts.seed, SHIFT_STREAM, index)), windowStart);

  // Every emerging brand must surface somewhere, even in a small world.
  for (const e of catalog.emerging) {
    if (!prompts.some((pm) => !pm.prompt.neverRun && pm.emerging.some((x) => x.brand === e))) {
      const host = pick(rng, prompts.filter((pm) => !pm.prompt.neverRun));
      host.emerging.push({ brand: e, peak: e.strength * between(rng, 0.8, 1.3) });
    }
  }

  const demo: DemoBrand = {
    key: brandKey,
    name: catalog.brand.name,
    url: catalog.brand.url,
    location: catalog.brand.location,
    aliases: [...catalog.brand.aliases],
    industry: catalog.industry,
    competitors: catalog.competitors.map((c) => ({ name: c.name, aliases: [...c.aliases] })),
    prompts: prompts.map((p) => p.prompt),
  };
  return {
    index, catalog, demo, prompts, providerBias, locationBias, emergingStart, sources: [...catalog.sources, ...GENERAL_SOURCES], demoNow: now,
    shiftStart: today - SHIFT_DAYS * DAY,
  };
}

/**
 * Chooses the dropping prompt (the active daily prompt that names the brand most, among those
 * running since before the window) and gives it two providers in three locations, so a week holds
 * enough answers for the drop to be significant; and the surging brand's host prompts. Uses its own
 * random stream: the other prompts' settings and runs are the same as without the shifts.
 */
function markShifts(prompts: PromptModel[], catalog: IndustryCatalog, rng: Rng, windowStart: number) {
  const steady = prompts.filter((pm) => pm.cadence === 'daily' && pm.prompt.state === 'active' && !pm.prompt.neverRun && pm.from <= windowStart);
  const drop = steady.reduce<PromptModel | null>((best, pm) => (best === null || pm.own.base > best.own.base ? pm : best), null);
  if (drop) {
    drop.drops = true;
    const providers = new Set([...drop.prompt.providers, 'openai', 'perplexity']);
    drop.prompt.providers = PROVIDERS.filter((p) => providers.has(p));
    const home = catalog.brand.location;
    drop.prompt.locations = [home, ...catalog.locations.filter((l) => l !== home)].slice(0, 3);
  }
  for (const pm of prompts) pm.hostsSurge = !pm.prompt.neverRun && chance(rng, SURGE_HOST_SHARE);
}

const entity = (b: CatalogBrand, tone: number, untracked: boolean): AnswerEntity => ({ name: b.name, blurb: b.blurb, tone, untracked, url: b.url });

/** The answer for one run: which brands, how favourably, in what order, written out. */
function runAnswer(rng: Rng, side: Rng, brand: BrandModel, pm: PromptModel, provider: string, location: string, at: number, progress: number) {
  const { catalog } = brand;
  const bias = (name: string) => brand.providerBias.get(name)![provider];
  const loc = (name: string) => brand.locationBias.get(name)![location] ?? 0.9;
  const candidates: Candidate[] = [];

  const own = catalog.brand;
  const ob = bias(own.name);
  candidates.push({
    entity: entity(own, own.tone + pm.own.tone + ob.tone + 0.25 * progress + gaussian(rng, 0.45), false),
    p: clamp(pm.own.base * ob.vis * loc(own.name) * (1 + pm.own.trend * (progress - 0.5)), 0, 0.95) * (pm.drops && at >= brand.shiftStart ? DROP_FACTOR : 1),
    prominence: own.strength + pm.own.prominence + ob.prom,
  });
  for (const c of pm.competitors) {
    const cb = bias(c.brand.name);
    candidates.push({
      entity: entity(c.brand, c.brand.tone + c.tone + cb.tone + gaussian(rng, 0.45), false),
      p: clamp(c.base * cb.vis * loc(c.brand.name) * (1 + c.trend * (progress - 0.5)), 0, 0.95),
      prominence: c.brand.strength + cb.prom,
    });
  }
  const fillers: Candidate[] = [];
  for (const e of pm.established) {
    const eb = bias(e.brand.name);
    const cand = {
      entity: entity(e.brand, e.brand.tone + eb.tone + gaussian(rng, 0.45), true),
      p: clamp(e.base * eb.vis, 0, 0.9),
      prominence: e.brand.strength + eb.prom - 0.1,
    };
    candidates.push(cand);
    fillers.push(cand);
  }
  for (const e of pm.emerging) {
    const start = brand.emergingStart.get(e.brand.name)!;
    if (at < start) continue;
    // Emerging brands ramp up from nothing: rare at first, frequent by `now`.
    const ramp = Math.pow((at - start) / Math.max(DAY, brand.demoNow - start), 1.2);
    candidates.push({
      entity: entity(e.brand, e.brand.tone + gaussian(rng, 0.45), true),
      p: clamp(e.peak * ramp, 0, 0.9),
      prominence: e.brand.strength * (0.5 + ramp) - 0.2,
    });
  }

  // The surging brand, drawn from the run's side stream: runs that do not name it are unchanged.
  const surged = at >= brand.shiftStart;
  if (pm.hostsSurge && side() < (surged ? SURGE_PEAK : SURGE_BASELINE)) {
    const s = catalog.surging;
    candidates.push({ entity: entity(s, s.tone + gaussian(rng, 0.45), true), p: 1, prominence: s.strength + (surged ? 0.3 : -0.3) });
  }

  const named = chooseEntities(rng, candidates, 3, fillers);
  const setting: AnswerSetting = {
    promptText: pm.prompt.text,
    provider,
    location,
    at: new Date(at),
    category: catalog.category,
    categoryTitle: catalog.categoryTitle,
    intros: catalog.intros,
    closings: catalog.closings,
    phrases: catalog.phrases,
    sources: brand.sources,
    subreddits: catalog.subreddits,
  };
  return { named, answer: composeAnswer(rng, setting, named) };
}

/** One scheduled run: which prompt, provider and location, when, and its own random stream. */
interface Slot {
  brand: BrandModel;
  pm: PromptModel;
  provider: string;
  location: string;
  at: number;
  rng: Rng;
  /** the run's stream for the last week's shifts (see SHIFT_STREAM) */
  side: Rng;
}

/** The run schedule, oldest day first: daily (weekly on Sundays, monthly on the 1st) per prompt × provider × location. */
function* schedule(brands: BrandModel[], opts: Required<GeneratorOptions>): Generator<Slot> {
  const now = opts.now.getTime();
  const today = utcMidnight(now);
  const windowStart = today - (opts.days - 1) * DAY;
  for (let day = windowStart; day <= today; day += DAY) {
    const date = new Date(day);
    for (const brand of brands) {
      for (const pm of brand.prompts) {
        if (pm.prompt.neverRun || day < pm.firstDay || day > pm.lastDay) continue;
        if (pm.cadence === 'weekly' && date.getUTCDay() !== 0) continue;
        if (pm.cadence === 'monthly' && date.getUTCDate() !== 1) continue;
        // A run happens at a random time of the day, never before creation, after a stop, or after now.
        const start = Math.max(day, pm.from);
        const end = Math.min(day + DAY, pm.until, now);
        if (end <= start) continue;
        for (let pi = 0; pi < pm.prompt.providers.length; pi++) {
          for (let li = 0; li < pm.prompt.locations.length; li++) {
            const provider = pm.prompt.providers[pi];
            const location = pm.prompt.locations[li];
            const providerIndex = (PROVIDERS as readonly string[]).indexOf(provider);
            const rng = mulberry32(mixSeed(opts.seed, brand.index, pm.index, providerIndex, li, day / DAY));
            const side = mulberry32(mixSeed(opts.seed, SHIFT_STREAM, brand.index, pm.index, providerIndex, li, day / DAY));
            yield { brand, pm, provider, location, at: start + Math.floor(rng() * (end - start)), rng, side };
          }
        }
      }
    }
  }
}

function* iterateRuns(brands: BrandModel[], opts: Required<GeneratorOptions>): Generator<RunWithTruth> {
  const windowStart = utcMidnight(opts.now.getTime()) - (opts.days - 1) * DAY;
  const span = Math.max(1, opts.now.getTime() - windowStart);
  for (const { brand, pm, provider, location, at, rng, side } of schedule(brands, opts)) {
    const { named, answer } = runAnswer(rng, side, brand, pm, provider, location, at, (at - windowStart) / span);
    yield {
      run: { brandKey: brand.demo.key, promptKey: pm.prompt.key, provider, location, createdAt: new Date(at), answer },
      named,
    };
  }
}

function resolve(opts: GeneratorOptions): Required<GeneratorOptions> {
  if (!(opts.scale > 0) || !Number.isFinite(opts.scale)) throw new Error('scale must be a positive number');
  if (!Number.isInteger(opts.seed)) throw new Error('seed must be an integer');
  const days = opts.days ?? DEFAULT_DAYS;
  if (!Number.isInteger(days) || days < 1) throw new Error('days must be a positive integer');
  if (Number.isNaN(opts.now.getTime())) throw new Error('now must be a valid date');
  return { scale: opts.scale, seed: opts.seed, now: new Date(opts.now.getTime()), days };
}

/**
 * One brand per catalog, numbered from `firstIndex`: the number seeds the brand's random streams,
 * so worlds built from other numbers (other tenants) never repeat the demo brands' answers.
 */
function buildWorld(opts: GeneratorOptions, catalogs: readonly IndustryCatalog[] = DEMO_CATALOGS, firstIndex = 0) {
  const o = resolve(opts);
  const models = catalogs.map((c, i) => buildBrand(firstIndex + i, c, o));
  return { o, models };
}

/**
 * A world of one brand per catalog (brand keys are the catalogs' keys), brands numbered from
 * `firstIndex`. Prompts per brand follow the demo brands' at indexes 0-2 and are 40 beyond, times
 * `scale`.
 */
export function worldFromCatalogs(opts: GeneratorOptions, catalogs: readonly IndustryCatalog[], firstIndex: number): DemoWorld {
  const { o, models } = buildWorld(opts, catalogs, firstIndex);
  return {
    brands: models.map((m) => m.demo),
    *runs() {
      for (const r of iterateRuns(models, o)) yield r.run;
    },
  };
}

/**
 * The deterministic demo world: 3 brands with competitors and prompts, and a stream of raw
 * provider answers (daily per prompt × provider × location over the last `days` days).
 * Same options -> byte-identical brands and runs.
 */
export function generateDemoWorld(opts: GeneratorOptions): DemoWorld {
  return worldFromCatalogs(opts, DEMO_CATALOGS, 0);
}

/** How many runs generateDemoWorld(opts).runs() will yield, per brand key, without writing any answer. */
export function countDemoRuns(opts: GeneratorOptions): { total: number; byBrand: Record<string, number> } {
  const { o, models } = buildWorld(opts);
  const byBrand: Record<string, number> = Object.fromEntries(models.map((m) => [m.demo.key, 0]));
  let total = 0;
  for (const slot of schedule(models, o)) {
    byBrand[slot.brand.demo.key]++;
    total++;
  }
  return { total, byBrand };
}

/** The same stream with the brands each answer was written to name (tests check the extractor against it). */
export function generateRunsWithTruth(opts: GeneratorOptions): { brands: DemoBrand[]; runs(): Iterable<RunWithTruth> } {
  const { o, models } = buildWorld(opts);
  return { brands: models.map((m) => m.demo), runs: () => iterateRuns(models, o) };
}
