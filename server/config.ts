import path from 'node:path';
import type { JobSettings, ServerConfig } from './http/context';
import type { ProviderLimit } from './jobs/providerLimits';
import type { StripeSettings } from './payments/stripeSettings';
import { DEFAULT_MIN_SAMPLE } from './stats';
import { ProviderSettingsError, readProviderSettings, type ProviderSettings } from './providers/settings';

/**
 * A reason the server refuses to start that the operator can fix (a setting, a folder, a secret):
 * main prints its message as one line and exits non-zero, without a stack trace.
 */
export class StartupError extends Error {}

/** SESSION_SECRET signs the session tokens: shorter keys are refused in production. */
export const MIN_SESSION_SECRET_BYTES = 32;
/** The first account's password (ADMIN_PASSWORD) is chosen by an operator: longer than a user's minimum. */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;

/** Production mode: NODE_ENV=production, or APP_MODE=production where NODE_ENV serves other tools. */
export function isProduction(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV === 'production' || env.APP_MODE === 'production';
}

/** An on/off setting: unset takes the default, anything but a clear yes or no is refused. */
export function readFlag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new StartupError(`${name} must be 1 or 0, got "${env[name]}"`);
}

/** Reads the server configuration from the environment; every value has a working local default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new StartupError(`PORT must be a port number, got ${env.PORT}`);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const webDir = env.WEB_DIR === '' ? null : path.resolve(env.WEB_DIR ?? 'dist');
  return {
    port,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL ? env.DATABASE_URL : null,
    publicUrl,
    webDir,
    secureCookies: publicUrl.startsWith('https://'),
    // The built-in checkout takes no payment: a production server offers it only when asked to.
    localPayments: readFlag(env, 'LOCAL_PAYMENTS', !isProduction(env)),
    stripe: readStripeSettings(env),
    answerCacheEntries: readCount(env, 'ANSWER_CACHE_ENTRIES', DEFAULT_ANSWER_CACHE_ENTRIES),
    minSample: readMinSample(env),
    providers: readProviders(env),
    jobs: readJobSettings(env),
  };
}

/** AI provider settings (keys, base URLs, models, timeouts, prices); a bad value stops the start with its name. */
function readProviders(env: NodeJS.ProcessEnv): ProviderSettings {
  try {
    return readProviderSettings(env);
  } catch (err) {
    if (err instanceof ProviderSettingsError) throw new StartupError(err.message);
    throw err;
  }
}

/** Insight answers kept for reuse per instance: most are a few kB, so 500 stay within tens of MB. */
export const DEFAULT_ANSWER_CACHE_ENTRIES = 500;

/** STATS_MIN_SAMPLE: a whole number of at least 1 (a change needs answers on both sides). */
function readMinSample(env: NodeJS.ProcessEnv): number {
  const n = readCount(env, 'STATS_MIN_SAMPLE', DEFAULT_MIN_SAMPLE);
  if (n < 1) throw new StartupError(`STATS_MIN_SAMPLE must be at least 1, got "${env.STATS_MIN_SAMPLE}"`);
  return n;
}

function readCount(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new StartupError(`${name} must be a whole number of at least 0, got "${env[name]}"`);
  return n;
}

/** The variables that make Stripe the payment provider: all of them, or none. */
export const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_PRICING_TABLE_ID', 'STRIPE_WEBHOOK_SECRET'] as const;

/** What each key looks like in the Stripe dashboard, so a key pasted into the wrong variable is caught at start. */
const STRIPE_KEY_PREFIXES: Record<(typeof STRIPE_VARIABLES)[number], string[]> = {
  STRIPE_SECRET_KEY: ['sk_', 'rk_'],
  STRIPE_PUBLISHABLE_KEY: ['pk_'],
  STRIPE_PRICING_TABLE_ID: ['prctbl_'],
  STRIPE_WEBHOOK_SECRET: ['whsec_'],
};

/**
 * Stripe settings, or null when no STRIPE_* key is set (the local provider then serves payments).
 * Half a configuration would start a server whose checkout or webhook fails later in front of a
 * customer, so it is refused at start with the names of the missing variables; so are keys of the
 * wrong kind, and test keys mixed with live ones.
 */
export function readStripeSettings(env: NodeJS.ProcessEnv): StripeSettings | null {
  const values = Object.fromEntries(STRIPE_VARIABLES.map((name) => [name, env[name]?.trim() ?? ''])) as Record<
    (typeof STRIPE_VARIABLES)[number],
    string
  >;
  const missing = STRIPE_VARIABLES.filter((name) => !values[name]);
  if (missing.length === STRIPE_VARIABLES.length) {
    if (env.STRIPE_API_BASE || env.STRIPE_PRICE_PLANS) {
      throw new StartupError(`STRIPE_API_BASE and STRIPE_PRICE_PLANS need Stripe configured: set ${STRIPE_VARIABLES.join(', ')}`);
    }
    return null;
  }
  if (missing.length > 0) {
    throw new StartupError(`Stripe is partly configured: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing (set ${STRIPE_VARIABLES.join(', ')}, or none of them)`);
  }
  for (const name of STRIPE_VARIABLES) {
    const prefixes = STRIPE_KEY_PREFIXES[name];
    if (!prefixes.some((prefix) => values[name].startsWith(prefix))) {
      throw new StartupError(`${name} must start with ${prefixes.join(' or ')}`);
    }
  }
  const liveSecret = /^(sk|rk)_live_/.test(values.STRIPE_SECRET_KEY);
  const livePublishable = values.STRIPE_PUBLISHABLE_KEY.startsWith('pk_live_');
  if (liveSecret !== livePublishable) {
    throw new StartupError('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both be live keys');
  }
  return {
    secretKey: values.STRIPE_SECRET_KEY,
    publishableKey: values.STRIPE_PUBLISHABLE_KEY,
    pricingTableId: values.STRIPE_PRICING_TABLE_ID,
    webhookSecret: values.STRIPE_WEBHOOK_SECRET,
    pricePlans: readPricePlans(env.STRIPE_PRICE_PLANS),
    apiBase: readStripeApiBase(env.STRIPE_API_BASE),
  };
}

/** STRIPE_PRICE_PLANS: comma-separated `price_id=plan_id` pairs. */
function readPricePlans(raw: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (raw ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [price, plan, extra] = pair.split('=').map((p) => p.trim());
    if (!price?.startsWith('price_') || !plan || extra !== undefined) {
      throw new StartupError(`STRIPE_PRICE_PLANS must be price_id=plan_id pairs separated by commas, got "${pair}"`);
    }
    out[price] = plan;
  }
  return out;
}

/** STRIPE_API_BASE: an http(s) origin such as http://127.0.0.1:12111 (the SDK takes host, port and protocol). */
function readStripeApiBase(raw: string | undefined): StripeSettings['apiBase'] {
  if (!raw?.trim()) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new StartupError(`STRIPE_API_BASE must be a URL such as http://127.0.0.1:12111, got "${raw}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || (url.pathname !== '/' && url.pathname !== '')) {
    throw new StartupError(`STRIPE_API_BASE must be an http(s) origin without a path, got "${raw}"`);
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** What start-up does with the database and the environment, beyond what the routes read. */
export interface StartupOptions {
  production: boolean;
  /** Load the demo dataset (with its published logins) into an empty database. */
  demoData: boolean;
  /** Demo dataset size (DEMO_SCALE, DEMO_DAYS shrink it where start-up time matters). */
  demoScale: number;
  demoDays: number | undefined;
  /** Creates the first account on an empty database when no demo data is loaded. */
  admin: { email: string; password: string } | null;
  /** Run scheduled prompts in this process (SCHEDULER=0: an instance that only serves the API). */
  scheduler: boolean;
  /** Printed at start; settings that are accepted outside production but would be refused in it. */
  warnings: string[];
}

/**
 * The start-up settings, checked: production loads no demo data unless DEMO_DATA=1 and refuses a
 * SESSION_SECRET shorter than 32 bytes; outside production the demo data is the default and a
 * short secret only warns.
 */
export function loadStartupOptions(env: NodeJS.ProcessEnv = process.env): StartupOptions {
  const production = isProduction(env);
  const warnings: string[] = [];

  const secret = env.SESSION_SECRET;
  if (secret !== undefined && secret !== '' && Buffer.byteLength(secret, 'utf8') < MIN_SESSION_SECRET_BYTES) {
    const reason = `SESSION_SECRET is ${Buffer.byteLength(secret, 'utf8')} bytes; it must be at least ${MIN_SESSION_SECRET_BYTES} (e.g. openssl rand -hex 32)`;
    if (production) throw new StartupError(reason);
    warnings.push(`Warning: ${reason}. Production mode refuses it.`);
  }

  const demoScale = Number(env.DEMO_SCALE ?? 1);
  if (!(demoScale > 0)) throw new StartupError(`DEMO_SCALE must be a positive number, got "${env.DEMO_SCALE}"`);
  const demoDays = env.DEMO_DAYS ? Number(env.DEMO_DAYS) : undefined;
  if (demoDays !== undefined && !(Number.isInteger(demoDays) && demoDays > 0)) {
    throw new StartupError(`DEMO_DAYS must be a whole number of days, got "${env.DEMO_DAYS}"`);
  }

  let admin: StartupOptions['admin'] = null;
  const adminEmail = env.ADMIN_EMAIL?.trim().toLowerCase();
  if (adminEmail || env.ADMIN_PASSWORD) {
    if (!adminEmail || !/^[^\s@]+@[^\s@]+$/.test(adminEmail))
      throw new StartupError('ADMIN_EMAIL must be an email address when ADMIN_PASSWORD is set');
    const password = env.ADMIN_PASSWORD ?? '';
    if (password.length < MIN_ADMIN_PASSWORD_LENGTH) {
      throw new StartupError(`ADMIN_PASSWORD must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`);
    }
    admin = { email: adminEmail, password };
  }

  return {
    production,
    demoData: readFlag(env, 'DEMO_DATA', !production),
    demoScale,
    demoDays,
    admin,
    scheduler: readFlag(env, 'SCHEDULER', true),
    warnings,
  };
}

/** Provider ids whose limits can be set (PROVIDER_OPENAI_RPM and so on). */
const LIMITED_PROVIDERS = ['openai', 'perplexity', 'google', 'microsoft'] as const;

/**
 * Default limits per provider and worker process, set below the providers' entry tiers so a new
 * account is not throttled: raise them to your account's limits (docs/operations.md).
 */
export const DEFAULT_PROVIDER_LIMITS: Record<(typeof LIMITED_PROVIDERS)[number], ProviderLimit> = {
  openai: { concurrency: 8, requestsPerMinute: 300, tokensPerMinute: 150_000 },
  perplexity: { concurrency: 4, requestsPerMinute: 50, tokensPerMinute: 0 },
  google: { concurrency: 8, requestsPerMinute: 300, tokensPerMinute: 250_000 },
  microsoft: { concurrency: 4, requestsPerMinute: 120, tokensPerMinute: 100_000 },
};

/** The job queue, the workers and the spending limits (see docs/operations.md). */
export function readJobSettings(env: NodeJS.ProcessEnv = process.env): JobSettings {
  const providerLimits: Record<string, ProviderLimit> = {};
  for (const id of LIMITED_PROVIDERS) {
    const key = `PROVIDER_${id.toUpperCase()}`;
    const d = DEFAULT_PROVIDER_LIMITS[id];
    providerLimits[id] = {
      concurrency: Math.max(1, readCount(env, `${key}_CONCURRENCY`, d.concurrency)),
      requestsPerMinute: readCount(env, `${key}_RPM`, d.requestsPerMinute),
      tokensPerMinute: readCount(env, `${key}_TPM`, d.tokensPerMinute),
    };
  }
  const capRaw = env.COST_CAP_USD_PER_BRAND_DAY?.trim();
  const costCap = capRaw ? Number(capRaw) : DEFAULT_JOB_SETTINGS.costCapUsdPerBrandDay;
  if (!(costCap >= 0)) throw new StartupError(`COST_CAP_USD_PER_BRAND_DAY must be an amount in US dollars (0 = no cap), got "${capRaw}"`);
  const attempts = readCount(env, 'JOB_ATTEMPTS', DEFAULT_JOB_SETTINGS.retry.attempts);
  if (attempts < 1) throw new StartupError('JOB_ATTEMPTS must be at least 1');
  return {
    workerInProcess: readFlag(env, 'WORKER_IN_PROCESS', DEFAULT_JOB_SETTINGS.workerInProcess),
    concurrency: Math.max(1, readCount(env, 'WORKER_CONCURRENCY', DEFAULT_JOB_SETTINGS.concurrency)),
    retry: {
      attempts,
      baseDelayMs: readCount(env, 'JOB_RETRY_DELAY_SECONDS', DEFAULT_JOB_SETTINGS.retry.baseDelayMs / 1000) * 1000,
      maxDelayMs: readCount(env, 'JOB_RETRY_DELAY_MAX_SECONDS', DEFAULT_JOB_SETTINGS.retry.maxDelayMs / 1000) * 1000,
    },
    timeoutMs: Math.max(1, readCount(env, 'JOB_TIMEOUT_SECONDS', DEFAULT_JOB_SETTINGS.timeoutMs / 1000)) * 1000,
    pollMs: Math.max(500, readCount(env, 'JOB_POLL_MS', DEFAULT_JOB_SETTINGS.pollMs)),
    superviseMs: Math.max(1, readCount(env, 'JOB_SUPERVISE_SECONDS', DEFAULT_JOB_SETTINGS.superviseMs / 1000)) * 1000,
    providerLimits,
    costCapUsdPerBrandDay: costCap,
  };
}

export const DEFAULT_JOB_SETTINGS: Omit<JobSettings, 'providerLimits'> & { providerLimits: Record<string, ProviderLimit> } = {
  workerInProcess: true,
  concurrency: 20,
  retry: { attempts: 3, baseDelayMs: 30_000, maxDelayMs: 900_000 },
  timeoutMs: 600_000,
  pollMs: 2000,
  superviseMs: 30_000,
  providerLimits: DEFAULT_PROVIDER_LIMITS,
  costCapUsdPerBrandDay: 20,
};
