import type { Db } from '../../../db/types';
import { rebuildRollups } from '../../../rollups/rebuild';
import { mulberry32 } from '../../../seed/generator/prng';

/**
 * A small, hand-shaped world for the insight tests: one brand ("Acme") with two competitors, an
 * other tenant's brand, prompts run daily for 40 days by two providers in two locations, and the
 * mentions and citations of every answer. The facts are kept in JS too, so tests compute their
 * expectations from the same rows without the SQL under test.
 */
export const NOW = new Date('2026-11-21T12:00:00.000Z');
export const DAY = 86_400_000;

export const BRAND_ID = 'brd_acme';
export const OTHER_BRAND_ID = 'brd_other';
export const OWNER = { id: 'usr_owner', email: 'owner@example.com', name: 'Owner' };
export const STRANGER = { id: 'usr_stranger', email: 'stranger@example.com', name: 'Stranger' };

export const OWN = 'Acme';
export const COMPETITORS = ['Globex', 'Initech'];
/** Untracked brands: Umbrella is named all along, Hooli only in the last 10 days, Stark now and then. */
export const UNTRACKED = ['Umbrella', 'Hooli', 'Stark'];
export const PROVIDERS = ['openai', 'perplexity'];
export const LOCATIONS = ['US', 'GB'];
export const PROMPTS = [
  { id: 'prm_1', text: 'What is the best project management tool for small teams?' },
  { id: 'prm_2', text: 'Which CRM should a startup choose in 2026?' },
  { id: 'prm_3', text: 'Compare the leading invoicing apps for freelancers and tell me which one has the best mobile experience overall' },
  { id: 'prm_4', text: 'Top alternatives to spreadsheets for inventory' },
];
export const DAYS = 40;
export const DOMAINS = ['acme.com', 'wikipedia.org', 'g2.com', 'reddit.com', 'globex.com', 'capterra.com'];

export interface RunFact {
  id: string;
  promptId: string;
  provider: string;
  location: string;
  createdAt: Date;
  namedCount: number;
}
export interface MentionFact {
  runId: string;
  promptId: string;
  provider: string;
  location: string;
  createdAt: Date;
  entity: string;
  name: string;
  rank: number;
  sentiment: number;
}
export interface CitationFact {
  runId: string;
  promptId: string;
  provider: string;
  location: string;
  createdAt: Date;
  position: number;
  url: string;
  domain: string;
  author: string | null;
}

export interface Facts {
  runs: RunFact[];
  mentions: MentionFact[];
  citations: CitationFact[];
}


/** Mention odds per brand; they differ by provider so provider filters and shares move. */
function odds(name: string, provider: string, daysAgo: number): number {
  switch (name) {
    case 'Acme':
      return provider === 'openai' ? 0.6 : 0.35;
    case 'Globex':
      return provider === 'openai' ? 0.4 : 0.55;
    case 'Initech':
      return 0.2;
    case 'Umbrella':
      return 0.3;
    case 'Hooli':
      return daysAgo < 10 ? 0.5 : 0;
    case 'Stark':
      return daysAgo % 9 === 0 ? 0.5 : 0;
    default:
      return 0;
  }
}

export function buildFacts(): Facts {
  const rand = mulberry32(20261121);
  const facts: Facts = { runs: [], mentions: [], citations: [] };
  for (let daysAgo = 0; daysAgo < DAYS; daysAgo++) {
    for (const prompt of PROMPTS) {
      for (const provider of PROVIDERS) {
        for (const location of LOCATIONS) {
          // spread over the day, always strictly before NOW
          const createdAt = new Date(NOW.getTime() - daysAgo * DAY - Math.floor(rand() * 20 + 1) * 3_600_000);
          const id = `run_${daysAgo}_${prompt.id}_${provider}_${location}`;
          const named = [OWN, ...COMPETITORS, ...UNTRACKED].filter((n) => rand() < odds(n, provider, daysAgo));
          // shuffle for ranks
          for (let i = named.length - 1; i > 0; i--) {
            const j = Math.floor(rand() * (i + 1));
            [named[i], named[j]] = [named[j], named[i]];
          }
          facts.runs.push({ id, promptId: prompt.id, provider, location, createdAt, namedCount: named.length });
          named.forEach((name, i) =>
            facts.mentions.push({
              runId: id, promptId: prompt.id, provider, location, createdAt,
              entity: name.toLowerCase(), name, rank: i + 1,
              sentiment: Math.round((rand() * 2 - 1) * 100) / 100,
            }),
          );
          const citeCount = Math.floor(rand() * 4);
          for (let k = 0; k < citeCount; k++) {
            const domain = DOMAINS[Math.floor(rand() * DOMAINS.length)];
            const page = Math.floor(rand() * 3);
            facts.citations.push({
              runId: id, promptId: prompt.id, provider, location, createdAt, position: k + 1,
              url: `https://www.${domain}/page-${page}`, domain,
              author: page === 0 ? null : `${domain.split('.')[0]} staff ${page}`,
            });
          }
        }
      }
    }
  }
  // one citation without a registrable domain: counted as a citation, never as a source
  const r0 = facts.runs[0];
  facts.citations.push({ ...r0, runId: r0.id, position: 9, url: 'http://127.0.0.1/x', domain: '', author: null });
  return facts;
}

export async function loadFixture(db: Db, facts: Facts): Promise<void> {
  const created = new Date(NOW.getTime() - 60 * DAY);
  await db.bulkInsert(
    'users',
    ['id', 'email', 'password_hash', 'name', 'role', 'tenant_id', 'created_at', 'is_onboarded', 'is_active'],
    [OWNER, STRANGER].map((u) => [u.id, u.email, 'x', u.name, 'user', `ten_${u.id}`, created, true, true]),
  );
  // Insight calls need an active or trialing subscription.
  await db.bulkInsert('plans', ['id', 'name', 'max_prompts', 'max_locations', 'max_brands', 'price_cents', 'billing_interval'], [
    ['plan_fixture', 'Fixture', 100, 10, 5, 0, 'month'],
  ]);
  await db.bulkInsert(
    'subscriptions',
    ['id', 'user_id', 'plan_id', 'status', 'customer_id', 'current_period_end', 'created_at'],
    [OWNER, STRANGER].map((u) => [`sub_${u.id}`, u.id, 'plan_fixture', 'active', `cus_${u.id}`, NOW, created]),
  );
  await db.bulkInsert(
    'brands',
    ['id', 'name', 'url', 'location', 'created_by', 'finalized', 'created_at'],
    [
      [BRAND_ID, OWN, 'https://www.acme.com', 'US', OWNER.id, true, created],
      [OTHER_BRAND_ID, 'Other', 'https://other.example', 'US', STRANGER.id, true, created],
    ],
  );
  await db.bulkInsert('brand_members', ['brand_id', 'user_id', 'role'], [
    [BRAND_ID, OWNER.id, 'owner'],
    [OTHER_BRAND_ID, STRANGER.id, 'owner'],
  ]);
  await db.bulkInsert(
    'competitors',
    ['brand_id', 'name', 'name_key', 'created_at'],
    COMPETITORS.map((c) => [BRAND_ID, c, c.toLowerCase(), created]),
  );
  await db.bulkInsert(
    'prompts',
    ['id', 'brand_id', 'text', 'frequency_cron', 'providers', 'locations', 'state', 'created_at', 'updated_at'],
    PROMPTS.map((p) => [p.id, BRAND_ID, p.text, '0 0 * * *', JSON.stringify(PROVIDERS), JSON.stringify(LOCATIONS), 'active', created, created]),
  );
  await db.bulkInsert(
    'runs',
    ['brand_id', 'id', 'prompt_id', 'provider', 'location', 'created_at', 'answer_text', 'named_count'],
    facts.runs.map((r) => [BRAND_ID, r.id, r.promptId, r.provider, r.location, r.createdAt, 'answer', r.namedCount]),
  );
  await db.bulkInsert(
    'mentions',
    ['brand_id', 'run_id', 'prompt_id', 'provider', 'location', 'created_at', 'entity', 'entity_name', 'rank', 'sentiment'],
    facts.mentions.map((m) => [BRAND_ID, m.runId, m.promptId, m.provider, m.location, m.createdAt, m.entity, m.name, m.rank, m.sentiment]),
  );
  await db.bulkInsert(
    'citations',
    ['brand_id', 'run_id', 'prompt_id', 'provider', 'location', 'created_at', 'position', 'url', 'domain', 'title', 'author', 'published_at', 'citation_hash'],
    facts.citations.map((c) => [BRAND_ID, c.runId, c.promptId, c.provider, c.location, c.createdAt, c.position, c.url, c.domain, null, c.author, null, `h_${c.url}`]),
  );
  await rebuildRollups(db, NOW);
}
