import { randomBytes } from 'node:crypto';
import { StartupError, type StartupOptions } from '../config';
import type { Db } from '../db/types';
import { hashPassword, verifyPassword } from '../security/password';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, PLANS } from './demoAccounts';
import { clearData, loadDemo, type LoadDemoResult } from './load';

export type InitialData =
  | { kind: 'existing'; demoLogins: boolean }
  | { kind: 'demo'; demoLogins: true; result: LoadDemoResult }
  | { kind: 'admin'; demoLogins: false; email: string };

/** Why start-up refuses an empty database, and the two ways out. */
export function emptyDatabaseError(production: boolean): StartupError {
  const mode = production ? 'production mode' : 'DEMO_DATA=0';
  return new StartupError(
    `the database has no accounts and ${mode} loads no demo data: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first account, or DEMO_DATA=1 for the demo dataset`,
  );
}

/**
 * What an empty (migrated) database starts with: the demo dataset when demo data is on (the
 * default outside production), else the pricing plans and one account from ADMIN_EMAIL and
 * ADMIN_PASSWORD; with neither, start-up is refused rather than serving an empty product. A
 * production database that already holds the demo logins with their published password is refused
 * unless DEMO_DATA=1 says they are wanted.
 */
export async function prepareInitialData(
  db: Db,
  options: Pick<StartupOptions, 'production' | 'demoData' | 'demoScale' | 'demoDays' | 'admin'>,
  now: Date,
  log: (line: string) => void,
): Promise<InitialData> {
  const [{ c: users }] = await db.query<{ c: number }>('SELECT count(*) AS c FROM users');
  if (users > 0) {
    const demoLogins = await demoLoginsPresent(db);
    if (demoLogins && options.production && !options.demoData) {
      throw new StartupError(
        'the database holds the demo accounts with their published password; set DEMO_DATA=1 to serve them, or change their passwords',
      );
    }
    if (options.admin) log('ADMIN_EMAIL is ignored: the database already has accounts.');
    return { kind: 'existing', demoLogins };
  }

  if (options.demoData) {
    const { demoScale: scale, demoDays: days } = options;
    log(`Empty database: loading the demo dataset (scale ${scale}, seed 42${days ? `, ${days} days` : ''})…`);
    await clearData(db); // a half-finished earlier load leaves rows but no users
    const result = await loadDemo(db, { scale, seed: 42, days, now });
    log(
      `Demo data loaded in ${(result.ms / 1000).toFixed(1)} s: ${result.counts.runs.toLocaleString('en-US')} runs, ` +
        `${result.counts.mentions.toLocaleString('en-US')} mentions, ${result.counts.citations.toLocaleString('en-US')} citations`,
    );
    return { kind: 'demo', demoLogins: true, result };
  }

  if (!options.admin) throw emptyDatabaseError(options.production);
  await createFirstAccount(db, options.admin, now);
  log(`Empty database: created the first account ${options.admin.email} (not onboarded, no subscription).`);
  return { kind: 'admin', demoLogins: false, email: options.admin.email };
}

/** The pricing plans (when there are none) and one ordinary account that signs in with the given password. */
export async function createFirstAccount(db: Db, admin: { email: string; password: string }, now: Date): Promise<string> {
  const hash = await hashPassword(admin.password);
  const id = `usr_${randomBytes(12).toString('base64url')}`;
  const local = admin.email.split('@')[0];
  await db.transaction(async (tx) => {
    const [{ c: plans }] = await tx.query<{ c: number }>('SELECT count(*) AS c FROM plans');
    if (plans === 0) {
      for (const p of PLANS) {
        await tx.query(
          `INSERT INTO plans (id, name, max_prompts, max_locations, max_brands, price_cents, billing_interval) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [p.id, p.name, p.maxPrompts, p.maxLocations, p.maxBrands, p.priceCents, p.billingInterval],
        );
      }
    }
    await tx.query(
      `INSERT INTO users (id, email, password_hash, name, username, role, tenant_id, created_at, is_onboarded, is_active)
       VALUES ($1, $2, $3, $4, $5, 'user', $6, $7, false, true)`,
      [id, admin.email, hash, local, local, `ten_${randomBytes(9).toString('base64url')}`, now.toISOString()],
    );
  });
  return id;
}

/** Whether any demo login still opens with the published demo password. */
export async function demoLoginsPresent(db: Db): Promise<boolean> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  const rows = await db.query<{ password_hash: string }>(
    `SELECT password_hash FROM users WHERE lower(email) IN (${emails.map((_, i) => `$${i + 1}`).join(', ')}) AND is_active`,
    emails,
  );
  for (const row of rows) if (await verifyPassword(DEMO_PASSWORD, row.password_hash)) return true;
  return false;
}
