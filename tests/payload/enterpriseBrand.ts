import type { Db } from '../../server/db/types';
import { PROVIDERS } from '../../server/providers/provider';
import { PLANS } from '../../server/seed/demoAccounts';

// A brand at the largest plan's limits, for payload budgets. What makes an answer long is how many
// distinct things it lists (prompts, locations, competitors, named brands, cited domains and URLs)
// and how long the stored texts are, not how many days of runs there are, so a few days of runs
// that reach every prompt, location, provider and competitor are enough.

const ENTERPRISE = PLANS.find((p) => p.id === 'plan_enterprise')!;

export const LIMITS = {
  prompts: ENTERPRISE.maxPrompts,
  locations: ENTERPRISE.maxLocations,
  /** MAX_COMPETITORS_PER_BRAND. */
  competitors: 50,
  providers: PROVIDERS.length,
};

/** Brands the answers name that the brand does not track (candidates for emerging threats). */
const UNTRACKED_BRANDS = 1000;
/** Distinct cited sites; each has a handful of article URLs. */
const CITED_DOMAINS = 3000;
const URLS_PER_DOMAIN = 10;

export const BIG_BRAND = { id: 'brd_enterprise', name: 'Enterprise Analytics Co' };

/** The prompt whose detail calls are measured: it runs in every location on every provider. */
export const FOCUS_PROMPT = 'prm_enterprise_00000';

const DAY = 86_400_000;

/** Two-letter location codes, as many as the plan allows. */
export const LOCATIONS = Array.from({ length: LIMITS.locations }, (_, i) =>
  String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)),
);

const competitorName = (i: number) => `Northwind Insight Partners ${String(i).padStart(2, '0')}`;
const untrackedName = (i: number) => `Emerging Challenger Labs ${String(i).padStart(4, '0')}`;
const promptId = (i: number) => `prm_enterprise_${String(i).padStart(5, '0')}`;

/** An answer of `length` characters (the demo's longest are about 1.5 kB). */
function answerText(seed: number, length: number): string {
  const sentence = `Option ${seed % 97} is often recommended for teams that need dependable reporting, clear pricing and strong integrations. `;
  return sentence.repeat(Math.ceil(length / sentence.length)).slice(0, length);
}

interface RunSpec {
  prompt: number;
  provider: string;
  location: string;
  createdAt: Date;
}

/**
 * Which runs exist: every prompt on every provider on three days of the current 7-day window and
 * one day of the window before it (location rotating); the focus prompt daily over both windows in
 * every location, since its series have a point per day and location.
 */
function* runSpecs(now: Date): Generator<RunSpec> {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let daysBack = 1; daysBack <= 14; daysBack++) {
    const day = midnight - daysBack * DAY;
    if ([1, 2, 3, 9].includes(daysBack)) {
      for (let prompt = 1; prompt < LIMITS.prompts; prompt++) {
        for (const [k, provider] of PROVIDERS.entries()) {
          yield { prompt, provider, location: LOCATIONS[(prompt + daysBack) % LOCATIONS.length], createdAt: new Date(day + 3_600_000 + (prompt % 600) * 1000 + k) };
        }
      }
    }
    for (const [l, location] of LOCATIONS.entries()) {
      for (const [k, provider] of PROVIDERS.entries()) {
        yield { prompt: 0, provider, location, createdAt: new Date(day + 7_200_000 + l * 10_000 + k) };
      }
    }
  }
}

/**
 * Adds the brand, owned by `ownerId`, to a migrated database that already has the plans and the
 * owner: 50 competitors, 5000 prompts, and about 94,000 runs with 350,000 mentions and 190,000 citations.
 */
export async function loadEnterpriseBrand(db: Db, ownerId: string, now: Date): Promise<void> {
  const created = new Date(now.getTime() - 30 * DAY);
  await db.bulkInsert('brands', ['id', 'name', 'url', 'location', 'logo_url', 'aliases', 'created_by', 'finalized', 'created_at'], [
    [BIG_BRAND.id, BIG_BRAND.name, 'https://enterprise-analytics.example', 'US', null, '[]', ownerId, true, created],
  ]);
  await db.bulkInsert('brand_members', ['brand_id', 'user_id', 'role'], [[BIG_BRAND.id, ownerId, 'owner']]);
  await db.bulkInsert(
    'competitors',
    ['brand_id', 'name', 'name_key', 'aliases', 'created_at'],
    Array.from({ length: LIMITS.competitors }, (_, i) => [BIG_BRAND.id, competitorName(i), competitorName(i).toLowerCase(), '[]', created]),
  );
  await db.bulkInsert(
    'prompts',
    ['id', 'brand_id', 'text', 'frequency_cron', 'providers', 'locations', 'state', 'created_at', 'updated_at'],
    Array.from({ length: LIMITS.prompts }, (_, i) => [
      promptId(i),
      BIG_BRAND.id,
      `Which analytics platforms do mid-sized retailers recommend for forecasting demand, question ${i}?`,
      '0 0 * * *',
      JSON.stringify(PROVIDERS),
      JSON.stringify(i === 0 ? LOCATIONS : [LOCATIONS[i % LOCATIONS.length]]),
      'active',
      created,
      created,
    ]),
  );

  let runs: unknown[][] = [];
  let mentions: unknown[][] = [];
  let citations: unknown[][] = [];
  const flush = async () => {
    await db.bulkInsert('runs', ['brand_id', 'id', 'prompt_id', 'provider', 'location', 'created_at', 'answer_text', 'named_count'], runs);
    await db.bulkInsert('mentions', ['brand_id', 'run_id', 'prompt_id', 'provider', 'location', 'created_at', 'entity', 'entity_name', 'rank', 'sentiment'], mentions);
    await db.bulkInsert('citations', ['brand_id', 'run_id', 'prompt_id', 'provider', 'location', 'created_at', 'position', 'url', 'domain', 'title', 'author', 'published_at', 'citation_hash'], citations);
    runs = [];
    mentions = [];
    citations = [];
  };
  // Only the focus prompt's answers are ever listed; the others stay short to keep the test's memory down.
  const shortAnswer = answerText(0, 200);
  let n = 0;
  for (const spec of runSpecs(now)) {
    n++;
    const runId = `run_ent_${String(n).padStart(7, '0')}`;
    const base = [BIG_BRAND.id, runId, promptId(spec.prompt), spec.provider, spec.location, spec.createdAt];
    // Named brands: the own brand in 7 answers of 10, two competitors, one untracked brand.
    const named: string[] = [];
    if (n % 10 < 7) named.push(BIG_BRAND.name);
    for (let k = 0; k < 2; k++) named.push(competitorName((n * 7 + k * 17) % LIMITS.competitors));
    named.push(untrackedName((n * 13) % UNTRACKED_BRANDS));
    for (const [rank, name] of named.entries()) {
      mentions.push([...base, name.toLowerCase(), name, rank + 1, ((n + rank) % 21) / 10 - 1]);
    }
    for (let position = 1; position <= 2; position++) {
      const site = (n * 31 + position * 101) % CITED_DOMAINS;
      const domain = `industry-review-site-${site}.example.com`;
      const url = `https://${domain}/articles/best-analytics-platforms-for-retail-${(n + position) % URLS_PER_DOMAIN}`;
      citations.push([
        ...base, position, url, domain, `The best analytics platforms for retail in 2026, part ${(n + position) % URLS_PER_DOMAIN}`,
        position === 1 ? 'Alex Reviewer' : null, null, `${runId}-${position}`,
      ]);
    }
    runs.push([...base, spec.prompt === 0 ? answerText(n, 1500) : shortAnswer, named.length]);
    if (runs.length >= 10_000) await flush();
  }
  await flush();
}
