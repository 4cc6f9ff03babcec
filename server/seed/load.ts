import type { Db } from '../db/types';
import { extractAnswer, type TrackedEntity } from '../ingest/index';
import { rebuildRollups } from '../rollups/rebuild';
import { ROLLUP_TABLES } from '../rollups/tables';
import { buildRunRows, FactBatch, insertRows } from '../runs/rows';
import { hashPassword } from '../security/password';
import { generateDemoWorld, type DemoWorld } from './generator/index';

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
  onProgress?: (runsLoaded: number) => void;
}

export type TableCounts = Record<(typeof DATA_TABLES)[number], number>;

export interface LoadDemoResult {
  counts: TableCounts;
  ms: number;
  /** Of `ms`, the time spent bulk-inserting runs, mentions and citations. */
  factWriteMs: number;
  plan: string;
}

/** Every table the app writes, in an order safe to clear. */
export const DATA_TABLES = [
  'citations', 'mentions', 'runs', 'prompts', 'competitors', 'brand_members', 'brands', 'onboarding_progress',
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
  for (const t of ROLLUP_TABLES) await db.exec(`DELETE FROM ${t}`);
  for (const t of DATA_TABLES) await db.exec(`DELETE FROM ${t}`);
}

/**
 * Loads the demo dataset into a migrated, empty database: plans, the three demo logins with their
 * billing, the generated brands, competitors and prompts, then every generated answer streamed
 * through the ingestion pipeline into runs, mentions and citations. Users are written last, so a
 * load that dies half-way leaves no users and start-up loads again.
 */
export async function loadDemo(db: Db, options: LoadDemoOptions): Promise<LoadDemoResult> {
  const started = performance.now();
  const world = loadWorld(options);
  const now = options.now;
  const demo = DEMO_ACCOUNTS.find((a) => a.key === 'demo')!;

  await insertRows(db, 'plans', ['id', 'name', 'max_prompts', 'max_locations', 'max_brands', 'price_cents', 'billing_interval'],
    PLANS.map((p) => [p.id, p.name, p.maxPrompts, p.maxLocations, p.maxBrands, p.priceCents, p.billingInterval]));

  // Brands, members, competitors, prompts.
  const tracked = new Map<string, TrackedEntity[]>();
  const brandRows: unknown[][] = [];
  const memberRows: unknown[][] = [];
  const competitorRows: unknown[][] = [];
  const promptRows: unknown[][] = [];
  const locations = new Set<string>();
  for (const b of world.brands) {
    const id = brandId(b.key);
    const firstPrompt = Math.min(...b.prompts.map((p) => p.createdAt.getTime()), now.getTime());
    const createdAt = new Date(firstPrompt - DAY);
    brandRows.push([id, b.name, b.url, b.location, null, JSON.stringify(b.aliases), demo.id, true, createdAt]);
    memberRows.push([id, demo.id, 'owner']);
    const seen = new Set<string>();
    for (const c of b.competitors) {
      const key = c.name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      competitorRows.push([id, c.name, key, JSON.stringify(c.aliases), createdAt]);
    }
    for (const p of b.prompts) {
      for (const l of p.locations) locations.add(l);
      promptRows.push([
        promptId(b.key, p.key), id, p.text, p.frequencyCron, JSON.stringify(p.providers), JSON.stringify(p.locations),
        p.state, p.createdAt, p.updatedAt,
      ]);
    }
    tracked.set(b.key, [{ name: b.name, aliases: b.aliases }, ...b.competitors.map((c) => ({ name: c.name, aliases: c.aliases }))]);
  }
  await db.bulkInsert('brands', ['id', 'name', 'url', 'location', 'logo_url', 'aliases', 'created_by', 'finalized', 'created_at'], brandRows);
  await db.bulkInsert('brand_members', ['brand_id', 'user_id', 'role'], memberRows);
  await db.bulkInsert('competitors', ['brand_id', 'name', 'name_key', 'aliases', 'created_at'], competitorRows);
  await db.bulkInsert('prompts',
    ['id', 'brand_id', 'text', 'frequency_cron', 'providers', 'locations', 'state', 'created_at', 'updated_at'], promptRows);

  // Facts: every generated answer goes through the same extraction as a live run.
  const batch = new FactBatch(db, options.batchSize ?? 20_000);
  let n = 0;
  for (const run of world.runs()) {
    const entities = tracked.get(run.brandKey);
    if (!entities) throw new Error(`Run for unknown brand ${run.brandKey}`);
    n++;
    const extracted = extractAnswer(run.answer, entities);
    await batch.add(
      buildRunRows(
        {
          id: `run_${String(n).padStart(8, '0')}`,
          brandId: brandId(run.brandKey),
          promptId: promptId(run.brandKey, run.promptKey),
          provider: run.provider,
          location: run.location,
          createdAt: run.createdAt,
        },
        run.answer.answerText,
        extracted,
      ),
    );
    if (options.onProgress && n % 10_000 === 0) options.onProgress(n);
  }
  await batch.drain();
  await rebuildRollups(db);

  const plan = planFor({ prompts: promptRows.length, locations: locations.size, brands: brandRows.length });
  await loadAccounts(db, now, plan);
  // Fresh statistics after a bulk load: without them PostgreSQL plans the joins of a just-filled
  // table blind (the competitors table took seconds instead of milliseconds).
  if (db.dialect === 'postgres') await db.exec('ANALYZE');

  return {
    counts: await countRows(db),
    ms: Math.round(performance.now() - started),
    factWriteMs: Math.round(batch.writeMs),
    plan: plan.name,
  };
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
      a.id, a.email, hashes[i], a.name, a.email.split('@')[0], 'user', 'US', `ten_${a.key}`, created[a.key], onboarded[a.key], true,
    ]));
}
