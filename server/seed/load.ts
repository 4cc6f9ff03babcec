import { randomBytes } from 'node:crypto';
import type { Db } from '../db/types';
import { extractAnswer, type TrackedEntity } from '../ingest/index';
import { simulatedProvenance } from '../providers/provider';
import { rebuildRollups } from '../rollups/rebuild';
import { ROLLUP_TABLES } from '../rollups/tables';
import { buildRunRows, FactBatch, insertRows } from '../runs/rows';
import { hashPassword } from '../security/password';
import { generateDemoWorld, generateTenantWorld, type DemoWorld, type RawRun } from './generator/index';

export type { DemoWorld } from './generator/index';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, PLANS, planFor, type PlanSeed } from './demoAccounts';

export interface LoadDemoOptions {
  scale: number;
  seed: number;
  now: Date;
  days?: number;
  /** Runs per bulk insert. */
  batchSize?: number;
  /** A ready world (tests); by default the deterministic generator builds it from scale/seed/now. */
  world?: DemoWorld;
  /**
   * Other tenants besides the demo accounts: each its own user and subscription, owning one brand
   * of ordinary size (about a demo brand at scale 1, whatever `scale`), generated from `seed`.
   */
  tenants?: number;
  onProgress?: (runsLoaded: number) => void;
}

export type TableCounts = Record<(typeof DATA_TABLES)[number], number>;

export interface LoadDemoResult {
  counts: TableCounts;
  ms: number;
  /** Of `ms`, the time spent bulk-inserting runs, mentions and citations. */
  factWriteMs: number;
  plan: string;
  /** Tenant accounts loaded besides the demo ones. */
  tenants: number;
}

/** Every table the app writes, in an order safe to clear. */
export const DATA_TABLES = [
  'citations', 'mentions', 'runs', 'failed_runs', 'prompts', 'competitors', 'brand_members', 'brands', 'onboarding_progress',
  'email_outbox', 'auth_sessions', 'checkout_sessions', 'payment_methods', 'invoices', 'subscriptions', 'users', 'plans',
] as const;

export const brandId = (key: string) => `brd_${key}`;
export const promptId = (brandKey: string, promptKey: string) => `prm_${brandKey}_${promptKey}`;

const DAY = 86_400_000;

function loadWorld(options: LoadDemoOptions): DemoWorld {
  return options.world ?? generateDemoWorld({ scale: options.scale, seed: options.seed, now: options.now, days: options.days });
}

export async function countRows(db: Db): Promise<TableCounts> {
  const counts = {} as TableCounts;
  for (const t of DATA_TABLES) {
    const [{ c }] = await db.query<{ c: number }>(`SELECT count(*) AS c FROM ${t}`);
    counts[t] = c;
  }
  return counts;
}

/** Empties every app table and the rollups (a failed or forced load starts from nothing). */
export async function clearData(db: Db): Promise<void> {
  for (const t of [...ROLLUP_TABLES, 'brand_facts_versions']) await db.exec(`DELETE FROM ${t}`);
  for (const t of DATA_TABLES) await db.exec(`DELETE FROM ${t}`);
}

/** The rows of a world's brands, all owned by one user per brand, and what the owner's plan must fit. */
class BrandRows {
  readonly brands: unknown[][] = [];
  readonly members: unknown[][] = [];
  readonly competitors: unknown[][] = [];
  readonly prompts: unknown[][] = [];
  /** Per brand key: the names the extraction tracks. */
  readonly tracked = new Map<string, TrackedEntity[]>();
  /** Per brand key: when it was created, its country, prompts and distinct locations. */
  readonly usage = new Map<string, { createdAt: Date; country: string; prompts: number; locations: Set<string> }>();

  add(world: DemoWorld, ownerOf: (brandKey: string) => string, now: Date): void {
    for (const b of world.brands) {
      const id = brandId(b.key);
      const owner = ownerOf(b.key);
      const firstPrompt = Math.min(...b.prompts.map((p) => p.createdAt.getTime()), now.getTime());
      const createdAt = new Date(firstPrompt - DAY);
      this.brands.push([id, b.name, b.url, b.location, null, JSON.stringify(b.aliases), owner, true, createdAt]);
      this.members.push([id, owner, 'owner']);
      const seen = new Set<string>();
      for (const c of b.competitors) {
        const key = c.name.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        this.competitors.push([id, c.name, key, JSON.stringify(c.aliases), createdAt]);
      }
      const locations = new Set<string>();
      for (const p of b.prompts) {
        for (const l of p.locations) locations.add(l);
        this.prompts.push([
          promptId(b.key, p.key), id, p.text, p.frequencyCron, JSON.stringify(p.providers), JSON.stringify(p.locations),
          p.state, p.createdAt, p.updatedAt,
        ]);
      }
      this.usage.set(b.key, { createdAt, country: b.location, prompts: b.prompts.length, locations });
      this.tracked.set(b.key, [{ name: b.name, aliases: b.aliases }, ...b.competitors.map((c) => ({ name: c.name, aliases: c.aliases }))]);
    }
  }

  async write(db: Db): Promise<void> {
    await db.bulkInsert('brands', ['id', 'name', 'url', 'location', 'logo_url', 'aliases', 'created_by', 'finalized', 'created_at'], this.brands);
    await db.bulkInsert('brand_members', ['brand_id', 'user_id', 'role'], this.members);
    await db.bulkInsert('competitors', ['brand_id', 'name', 'name_key', 'aliases', 'created_at'], this.competitors);
    await db.bulkInsert('prompts',
      ['id', 'brand_id', 'text', 'frequency_cron', 'providers', 'locations', 'state', 'created_at', 'updated_at'], this.prompts);
  }
}

/** The user who owns a tenant's brand (its brand key is the tenant key). */
export const tenantUserId = (tenantKey: string) => `usr_${tenantKey}`;

/**
 * Loads the demo dataset into a migrated, empty database: plans, the three demo logins with their
 * billing, the generated brands, competitors and prompts, then every generated answer streamed
 * through the ingestion pipeline into runs, mentions and citations; with `tenants`, as many more
 * accounts with a brand each, loaded the same way after the demo brands (so the demo data is the
 * same with or without them). Users are written last, so a load that dies half-way leaves no users
 * and start-up loads again.
 */
export async function loadDemo(db: Db, options: LoadDemoOptions): Promise<LoadDemoResult> {
  const started = performance.now();
  const world = loadWorld(options);
  const now = options.now;
  const demo = DEMO_ACCOUNTS.find((a) => a.key === 'demo')!;
  const tenantCount = options.tenants ?? 0;
  if (!Number.isInteger(tenantCount) || tenantCount < 0) throw new Error('tenants must be a whole number');
  const tenantWorld = tenantCount > 0 ? generateTenantWorld({ count: tenantCount, seed: options.seed, now, days: options.days }) : null;

  await insertRows(db, 'plans', ['id', 'name', 'max_prompts', 'max_locations', 'max_brands', 'price_cents', 'billing_interval'],
    PLANS.map((p) => [p.id, p.name, p.maxPrompts, p.maxLocations, p.maxBrands, p.priceCents, p.billingInterval]));

  // Brands, members, competitors, prompts.
  const demoRows = new BrandRows();
  demoRows.add(world, () => demo.id, now);
  await demoRows.write(db);
  const tenantRows = new BrandRows();
  if (tenantWorld) {
    tenantRows.add(tenantWorld, tenantUserId, now);
    await tenantRows.write(db);
  }

  // Facts: every generated answer goes through the same extraction as a live run.
  const batch = new FactBatch(db, options.batchSize ?? 20_000);
  let n = 0;
  const numbered = function* (runs: Iterable<RawRun>, tracked: BrandRows['tracked'], prefix: string) {
    let i = 0;
    for (const run of runs) yield { run, tracked, id: `${prefix}${String(++i).padStart(8, '0')}` };
  };
  // The tenants' runs are written among the demo brands' day by day, as live runs of many
  // brands arrive, so a brand's facts are spread over the tables as they would be in production
  // (on DuckDB, which skips blocks by their min/max values, one brand's reads then meet every
  // tenant's blocks of the same days). Each set keeps its own numbering, so the demo runs' ids do
  // not depend on the tenants.
  const allRuns = tenantWorld
    ? mergeByTime(numbered(world.runs(), demoRows.tracked, 'run_'), numbered(tenantWorld.runs(), tenantRows.tracked, 'run_t'))
    : numbered(world.runs(), demoRows.tracked, 'run_');
  for (const { run, tracked, id } of allRuns) {
    const entities = tracked.get(run.brandKey);
    if (!entities) throw new Error(`Run for unknown brand ${run.brandKey}`);
    n++;
    const extracted = extractAnswer(run.answer, entities);
    await batch.add(
      buildRunRows(
        {
          id,
          brandId: brandId(run.brandKey),
          promptId: promptId(run.brandKey, run.promptKey),
          provider: run.provider,
          location: run.location,
          createdAt: run.createdAt,
        },
        run.answer.answerText,
        extracted,
        simulatedProvenance(run.location),
      ),
    );
    if (options.onProgress && n % 10_000 === 0) options.onProgress(n);
  }
  await batch.drain();
  await rebuildRollups(db, now);

  const demoLocations = new Set([...demoRows.usage.values()].flatMap((u) => [...u.locations]));
  const plan = planFor({ prompts: demoRows.prompts.length, locations: demoLocations.size, brands: demoRows.brands.length });
  await loadTenantAccounts(db, tenantRows, now);
  await loadAccounts(db, now, plan);
  // Fresh statistics after a bulk load: without them PostgreSQL plans the joins of a just-filled
  // table blind (the competitors table took seconds instead of milliseconds). The fact and rollup
  // tables are also vacuumed, as autovacuum would do some time later: until their pages are marked
  // all-visible, an index-only scan still fetches every row from the table (a brand's runs of two
  // weeks, by prompt: 95 ms before, 16 ms after, at scale 10). The rollup rebuild vacuumed the rollups.
  if (db.dialect === 'postgres') {
    await db.exec('ANALYZE');
    await db.exec('VACUUM runs, mentions, citations');
  }

  return {
    counts: await countRows(db),
    ms: Math.round(performance.now() - started),
    factWriteMs: Math.round(batch.writeMs),
    plan: plan.name,
    tenants: tenantCount,
  };
}

/**
 * One user per tenant brand: its own tenant id and an active subscription on the smallest plan
 * that fits the brand. Tenants exist to fill the database, not to sign in: they share one hash of a
 * random password that is thrown away, so no one can log in as them.
 */
async function loadTenantAccounts(db: Db, tenants: BrandRows, now: Date): Promise<void> {
  if (tenants.usage.size === 0) return;
  const hash = await hashPassword(randomBytes(32).toString('base64url'));
  const users: unknown[][] = [];
  const subscriptions: unknown[][] = [];
  for (const [key, usage] of tenants.usage) {
    const userId = tenantUserId(key);
    const plan = planFor({ prompts: usage.prompts, locations: usage.locations.size, brands: 1 });
    const joined = new Date(usage.createdAt.getTime() - DAY);
    users.push([userId, `${key}@tenants.example.com`, hash, `${key} owner`, key, 'user', usage.country, `ten_${key}`, joined, true, true]);
    subscriptions.push([`sub_${key}`, userId, plan.id, 'active', `cus_${key}`, new Date(now.getTime() + 20 * DAY), joined]);
  }
  await db.bulkInsert('subscriptions', ['id', 'user_id', 'plan_id', 'status', 'customer_id', 'current_period_end', 'created_at'], subscriptions);
  await db.bulkInsert('users',
    ['id', 'email', 'password_hash', 'name', 'username', 'role', 'country', 'tenant_id', 'created_at', 'is_onboarded', 'is_active'], users);
}

async function loadAccounts(db: Db, now: Date, demoPlan: PlanSeed): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const starter = PLANS[0];
  const byKey = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.key, a]));
  const { demo, lapsed } = byKey;

  await insertRows(db, 'subscriptions', ['id', 'user_id', 'plan_id', 'status', 'customer_id', 'current_period_end', 'created_at'], [
    ['sub_demo', demo.id, demoPlan.id, 'active', 'cus_demo', new Date(now.getTime() + 12 * DAY), ago(120)],
    ['sub_lapsed', lapsed.id, starter.id, 'canceled', 'cus_lapsed', ago(20), ago(110)],
  ]);
  const invoices: unknown[][] = [];
  for (let i = 0; i < 4; i++) {
    invoices.push([`inv_demo_${i + 1}`, demo.id, demoPlan.priceCents, ago(18 + 30 * i), 'paid', `/api/billing/invoices/inv_demo_${i + 1}.pdf`]);
  }
  invoices.push(['inv_lapsed_1', lapsed.id, starter.priceCents, ago(80), 'paid', '/api/billing/invoices/inv_lapsed_1.pdf']);
  invoices.push(['inv_lapsed_2', lapsed.id, starter.priceCents, ago(50), 'paid', '/api/billing/invoices/inv_lapsed_2.pdf']);
  invoices.push(['inv_lapsed_3', lapsed.id, starter.priceCents, ago(20), 'uncollectible', null]);
  await insertRows(db, 'invoices', ['id', 'user_id', 'amount_cents', 'created_at', 'status', 'invoice_pdf'], invoices);
  await insertRows(db, 'payment_methods', ['user_id', 'card_brand', 'last4', 'exp_month', 'exp_year'], [
    [demo.id, 'visa', '4242', 12, now.getUTCFullYear() + 2],
    [lapsed.id, 'mastercard', '4444', 3, now.getUTCFullYear() - 1],
  ]);

  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
  const created = { demo: ago(120), new: ago(1), lapsed: ago(110) } as const;
  const onboarded = { demo: true, new: false, lapsed: true } as const;
  await insertRows(db, 'users',
    ['id', 'email', 'password_hash', 'name', 'username', 'role', 'country', 'tenant_id', 'created_at', 'is_onboarded', 'is_active'],
    DEMO_ACCOUNTS.map((a, i) => [
      a.id, a.email, hashes[i], a.name, a.email.split('@')[0], a.role, 'US', `ten_${a.key}`, created[a.key], onboarded[a.key], true,
    ]));
}

/**
 * Two streams of runs, each oldest day first, as one: at every step the earlier of the two next
 * runs (ties: `a`'s), so the result is oldest day first too and each stream keeps its own order.
 */
export function* mergeByTime<T extends { run: { createdAt: Date } }>(a: Iterable<T>, b: Iterable<T>): Generator<T> {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  let x = ia.next();
  let y = ib.next();
  while (!x.done || !y.done) {
    if (y.done || (!x.done && x.value.run.createdAt.getTime() <= y.value.run.createdAt.getTime())) {
      yield x.value;
      x = ia.next();
    } else {
      yield y.value;
      y = ib.next();
    }
  }
}
