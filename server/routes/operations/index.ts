import { defineCall, type CallRoute } from '../../http/call';
import type { ServerContext } from '../../http/context';
import { utcDay } from '../../jobs/costCap';
import { jobSettings } from '../../jobs/settings';
import { requireStaff } from '../studio/staff';

export const OPERATIONS_STAFF_ONLY_MESSAGE = 'The operations view is for product staff only.';


const HOUR = 3_600_000;

/** The hour `at` falls in (UTC), as an ISO instant. */
const hourOf = (at: string) => new Date(Math.floor(Date.parse(at) / HOUR) * HOUR).toISOString();

export async function operationsSummary(ctx: ServerContext) {
  const now = ctx.now();
  const since = new Date(Math.floor(now.getTime() / HOUR) * HOUR - 23 * HOUR);
  const today = utcDay(now);
  const counts = ctx.jobs ? await ctx.jobs.counts() : { queued: 0, deferred: 0, active: 0, failed: 0 };

  const runs = await ctx.db.query<{ provider: string; created_at: string; is_real: boolean | null }>(
    'SELECT provider, created_at, is_real FROM runs WHERE created_at >= $1',
    [since],
  );
  const failed = await ctx.db.query<{ provider: string; created_at: string }>('SELECT provider, created_at FROM failed_runs WHERE created_at >= $1', [since]);
  const spend = await ctx.db.query<{ brand_id: string; provider: string; spent: number | null }>(
    'SELECT brand_id, provider, sum(cost_usd) AS spent FROM rollup_runs_daily WHERE day = $1 GROUP BY brand_id, provider',
    [today.start],
  );

  const hourly = new Map<string, { hour: string; provider: string; runs: number; failures: number }>();
  const providers = new Map<string, { provider: string; runs: number; realRuns: number; failures: number; spendTodayUsd: number }>();
  const provider = (id: string) => {
    let p = providers.get(id);
    if (!p) providers.set(id, (p = { provider: id, runs: 0, realRuns: 0, failures: 0, spendTodayUsd: 0 }));
    return p;
  };
  const bucket = (id: string, at: string) => {
    const key = `${hourOf(at)}|${id}`;
    let b = hourly.get(key);
    if (!b) hourly.set(key, (b = { hour: hourOf(at), provider: id, runs: 0, failures: 0 }));
    return b;
  };
  for (const r of runs) {
    bucket(r.provider, r.created_at).runs++;
    provider(r.provider).runs++;
    if (r.is_real) provider(r.provider).realRuns++;
  }
  for (const f of failed) {
    bucket(f.provider, f.created_at).failures++;
    provider(f.provider).failures++;
  }
  const brandSpend = new Map<string, number>();
  for (const s of spend) {
    const usd = Number(s.spent ?? 0);
    provider(s.provider).spendTodayUsd += usd;
    brandSpend.set(s.brand_id, (brandSpend.get(s.brand_id) ?? 0) + usd);
  }
  const cap = jobSettings(ctx.config).costCapUsdPerBrandDay;
  const cents = (usd: number) => Math.round(usd * 10_000) / 10_000;

  const failures = await ctx.db.query<{
    created_at: string;
    brand_name: string | null;
    prompt: string | null;
    provider: string;
    location: string;
    error_class: string;
    message: string;
    attempts: number;
  }>(
    `SELECT f.created_at, b.name AS brand_name, p.text AS prompt, f.provider, f.location, f.error_class, f.message, f.attempts
       FROM failed_runs f LEFT JOIN brands b ON b.id = f.brand_id LEFT JOIN prompts p ON p.id = f.prompt_id
      ORDER BY f.created_at DESC LIMIT 50`,
  );

  return {
    queue: { kind: ctx.jobs?.kind ?? 'none', queued: counts.queued, deferred: counts.deferred, active: counts.active, failed: counts.failed },
    hourly: [...hourly.values()].sort((a, b) => a.hour.localeCompare(b.hour) || a.provider.localeCompare(b.provider)),
    providers: [...providers.values()].map((p) => ({ ...p, spendTodayUsd: cents(p.spendTodayUsd) })).sort((a, b) => a.provider.localeCompare(b.provider)),
    spendTodayUsd: cents([...brandSpend.values()].reduce((a, b) => a + b, 0)),
    costCapUsd: cap,
    pausedBrands: cap > 0 ? [...brandSpend.values()].filter((usd) => usd >= cap).length : 0,
    failures: failures.map((f) => ({
      createdAt: f.created_at,
      brandName: f.brand_name ?? '(deleted brand)',
      prompt: f.prompt ?? '(deleted prompt)',
      provider: f.provider,
      location: f.location,
      errorClass: f.error_class,
      message: f.message,
      attempts: Number(f.attempts),
    })),
  };
}

export const operationsSummaryCall = defineCall('operations.summary', async ({ user, ctx }) => {
  // Read across every brand, so only staff may: a subscriber sees their own brands' runs elsewhere.
  await requireStaff(ctx, user, OPERATIONS_STAFF_ONLY_MESSAGE);
  return operationsSummary(ctx);
});

export const operationsRoutes: CallRoute[] = [operationsSummaryCall];
