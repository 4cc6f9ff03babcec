import { loadSessionSecret } from '../auth/secret';
import type { ServerContext } from '../http/context';
import { loadTracked } from '../routes/insights/shared/tracked';
import type { ChangeOptions } from '../stats/index';
import type { AlertKind } from './kinds';
import { isoWeek, reportWindows, trailingDays, utcMidnight, type ComparedWindows } from './periods';
import { loadRecipients, wants, type Recipient } from './recipients';
import { alreadySent, sendOnce, subjectsSentSince, type SendClaim } from './sendOnce';
import { headline, promptMovers, scopeOf, sourceMovers } from './signals';
import { screenLinks } from './templates/links';
import { renderCompetitorAlert, renderPromptDropAlert, renderWeeklyReport } from './templates/render';
import type { WeeklyReportProps } from './templates/WeeklyReport';
import { passingThreats } from './threats';
import { signUnsubscribeToken, unsubscribeHeaders, unsubscribeUrl } from './unsubscribe';
import { queueEmail, type EmailMessage } from '../email/index';

const DAY = 86_400_000;
/** Alert windows: the last 7 whole UTC days against the 7 before. */
export const ALERT_WINDOW_DAYS = 7;
/** A prompt that dropped is not alerted again within this many days. */
export const PROMPT_REALERT_DAYS = 7;
/** An emerging brand that was alerted is not alerted again within this many days. */
export const THREAT_REALERT_DAYS = 30;

export interface JobResult {
  kind: AlertKind;
  /** emails queued by this run */
  sent: number;
  /** recipients whose email for the period was already sent (by an earlier run or another instance) */
  skipped: number;
}

const changeOptions = (ctx: ServerContext): ChangeOptions => ({ minSample: ctx.config.minSample });
const dayKey = (at: Date) => utcMidnight(at).toISOString().slice(0, 10);

/** The email of one kind to one recipient, with the one-click unsubscribe headers. */
function addressed(
  ctx: ServerContext,
  r: Recipient,
  kind: AlertKind,
  subject: string,
  parts: { html: string; text: string },
): EmailMessage {
  return { to: r.email, subject, body: parts.text, html: parts.html, headers: unsubscribeHeaders(unsubscribeFor(ctx, r, kind)) };
}

function unsubscribeFor(ctx: ServerContext, r: Recipient, kind: AlertKind): string {
  return unsubscribeUrl(ctx.config.publicUrl, signUnsubscribeToken(r.userId, kind, loadSessionSecret(ctx.config)));
}

/** Computes a brand's numbers once per run, whoever of its members receives them. */
function perBrand<T>(compute: (r: Recipient) => Promise<T>): (r: Recipient) => Promise<T> {
  const cache = new Map<string, Promise<T>>();
  return (r) => {
    let hit = cache.get(r.brand.id);
    if (!hit) {
      hit = compute(r);
      cache.set(r.brand.id, hit);
    }
    return hit;
  };
}

/** The weekly report's content for one brand: last whole ISO week against the week before. */
async function weeklyContent(ctx: ServerContext, r: Recipient, windows: ComparedWindows) {
  const tracked = await loadTracked(ctx.db, r.brand);
  const scope = scopeOf(r.brand.id, windows, ctx.config.factSource);
  const options = changeOptions(ctx);
  const [h, prompts, sources, threats] = await Promise.all([
    headline(ctx.db, scope, tracked, options),
    promptMovers(ctx.db, r.brand, tracked, windows, options),
    sourceMovers(ctx.db, scope, options),
    passingThreats(ctx, r.brand, tracked, windows.current.end, options),
  ]);
  return { headline: h, prompts: prompts.slice(0, 10), sources: sources.slice(0, 5), threats };
}

async function weeklyEmail(
  ctx: ServerContext,
  r: Recipient,
  windows: ComparedWindows,
  content: Awaited<ReturnType<typeof weeklyContent>>,
  test: boolean,
) {
  const props: WeeklyReportProps = {
    userName: r.name,
    brandName: r.brand.name,
    current: windows.current,
    previous: windows.previous,
    ...content,
    links: screenLinks(ctx.config.publicUrl, r.brand.id),
    unsubscribeUrl: unsubscribeFor(ctx, r, 'weekly_reports'),
    test,
  };
  const parts = await renderWeeklyReport(props);
  const subject = `${test ? '[Test] ' : ''}Weekly report for ${r.brand.name}: ${dateLabel(windows.current.start)}`;
  return addressed(ctx, r, 'weekly_reports', subject, parts);
}

const dateLabel = (d: Date) => `week of ${d.toISOString().slice(0, 10)}`;

/**
 * Weekly reports, due from Monday 00:00 UTC: one per member and brand per ISO week, about the
 * week before. A server that was down on Monday sends them when it is back, still once.
 */
export async function runWeeklyReports(ctx: ServerContext, now: Date = ctx.now()): Promise<JobResult> {
  const week = isoWeek(now);
  const windows = reportWindows(week);
  const content = perBrand((r) => weeklyContent(ctx, r, windows));
  const result: JobResult = { kind: 'weekly_reports', sent: 0, skipped: 0 };
  for (const r of await loadRecipients(ctx.db)) {
    if (!wants(r, 'weekly_reports')) continue;
    const claim: SendClaim = { userId: r.userId, brandId: r.brand.id, kind: 'weekly_reports', period: week.key };
    if (await alreadySent(ctx.db, claim)) {
      result.skipped++;
      continue;
    }
    const message = await weeklyEmail(ctx, r, windows, await content(r), false);
    if (await sendOnce(ctx.db, claim, message, now)) result.sent++;
    else result.skipped++;
  }
  return result;
}

/**
 * The weekly report of each of the user's brands, now (Settings → 'Send me a test report'): the
 * same content as Monday's, marked as a test, whatever the weekly toggle says and without using up
 * the week's report. Returns how many were queued.
 */
export async function sendTestReports(ctx: ServerContext, userId: string, now: Date = ctx.now()): Promise<number> {
  const windows = reportWindows(isoWeek(now));
  let sent = 0;
  for (const r of await loadRecipients(ctx.db, { userId })) {
    const message = await weeklyEmail(ctx, r, windows, await weeklyContent(ctx, r, windows), true);
    await queueEmail(ctx.db, message, now);
    sent++;
  }
  return sent;
}

/**
 * Brands whose daily alert of a kind found nothing today, per database: the alert windows end at
 * today's midnight, so the answer holds until tomorrow and the 15-minute checks need not ask again.
 */
const quietBrands = new WeakMap<object, Map<AlertKind, { day: string; brands: Set<string> }>>();
function quietToday(ctx: ServerContext, kind: AlertKind, now: Date): Set<string> {
  let byKind = quietBrands.get(ctx.db);
  if (!byKind) quietBrands.set(ctx.db, (byKind = new Map()));
  const day = dayKey(now);
  let entry = byKind.get(kind);
  if (!entry || entry.day !== day) byKind.set(kind, (entry = { day, brands: new Set() }));
  return entry.brands;
}

/** A daily alert: what it finds per brand, how long an item is not alerted again, how it reads. */
interface DailyAlert<T extends { id: string }> {
  kind: AlertKind;
  realertDays: number;
  find: (r: Recipient) => Promise<T[]>;
  compose: (r: Recipient, items: T[]) => Promise<{ subject: string; parts: { html: string; text: string } }>;
}

/**
 * One email per member, brand and UTC day when the alert finds items not alerted to that member in
 * the last `realertDays`; each email is claimed before it is queued.
 */
async function runDailyAlert<T extends { id: string }>(ctx: ServerContext, now: Date, alert: DailyAlert<T>): Promise<JobResult> {
  const find = perBrand(alert.find);
  const result: JobResult = { kind: alert.kind, sent: 0, skipped: 0 };
  const quiet = quietToday(ctx, alert.kind, now);
  for (const r of await loadRecipients(ctx.db)) {
    if (!wants(r, alert.kind) || quiet.has(r.brand.id)) continue;
    const claim: SendClaim = { userId: r.userId, brandId: r.brand.id, kind: alert.kind, period: dayKey(now) };
    if (await alreadySent(ctx.db, claim)) {
      result.skipped++;
      continue;
    }
    const seen = await subjectsSentSince(ctx.db, r.userId, r.brand.id, alert.kind, new Date(now.getTime() - alert.realertDays * DAY));
    const found = await find(r);
    if (found.length === 0) quiet.add(r.brand.id);
    const items = found.filter((item) => !seen.has(item.id));
    if (items.length === 0) continue;
    const { subject, parts } = await alert.compose(r, items);
    const message = addressed(ctx, r, alert.kind, subject, parts);
    if (await sendOnce(ctx.db, { ...claim, subjects: items.map((item) => item.id) }, message, now)) result.sent++;
    else result.skipped++;
  }
  return result;
}

/**
 * Prompt monitoring: prompts whose own-brand mention rate over the last 7 whole days fell
 * significantly below the 7 days before; a prompt is not alerted again for PROMPT_REALERT_DAYS.
 */
export function runPromptAlerts(ctx: ServerContext, now: Date = ctx.now()): Promise<JobResult> {
  const windows = trailingDays(utcMidnight(now), ALERT_WINDOW_DAYS);
  return runDailyAlert(ctx, now, {
    kind: 'prompts_monitoring',
    realertDays: PROMPT_REALERT_DAYS,
    find: async (r) => {
      const tracked = await loadTracked(ctx.db, r.brand);
      return (await promptMovers(ctx.db, r.brand, tracked, windows, changeOptions(ctx))).filter((m) => (m.change.diff ?? 0) < 0);
    },
    compose: async (r, prompts) => ({
      subject:
        prompts.length === 1
          ? `${r.brand.name}: mention rate dropped on “${truncate(prompts[0].label, 60)}”`
          : `${r.brand.name}: mention rate dropped on ${prompts.length} prompts`,
      parts: await renderPromptDropAlert({
        brandName: r.brand.name,
        prompts,
        current: windows.current,
        previous: windows.previous,
        links: screenLinks(ctx.config.publicUrl, r.brand.id),
        unsubscribeUrl: unsubscribeFor(ctx, r, 'prompts_monitoring'),
      }),
    }),
  });
}

/**
 * Competitor intelligence: untracked brands that pass the emerging-threat test (named significantly
 * more often in the last 7 days than in their own baseline); a brand is not alerted again for
 * THREAT_REALERT_DAYS.
 */
export function runCompetitorAlerts(ctx: ServerContext, now: Date = ctx.now()): Promise<JobResult> {
  const end = utcMidnight(now);
  return runDailyAlert(ctx, now, {
    kind: 'competitor_intelligence',
    realertDays: THREAT_REALERT_DAYS,
    find: async (r) => passingThreats(ctx, r.brand, await loadTracked(ctx.db, r.brand), end, changeOptions(ctx)),
    compose: async (r, threats) => ({
      subject:
        threats.length === 1
          ? `New emerging threat for ${r.brand.name}: ${threats[0].name}`
          : `${threats.length} new emerging threats for ${r.brand.name}`,
      parts: await renderCompetitorAlert({
        brandName: r.brand.name,
        threats,
        links: screenLinks(ctx.config.publicUrl, r.brand.id),
        unsubscribeUrl: unsubscribeFor(ctx, r, 'competitor_intelligence'),
      }),
    }),
  });
}

/** Every alert job once (the timer's work); each job claims its own emails. */
export async function runAlertJobs(ctx: ServerContext, now: Date = ctx.now()): Promise<JobResult[]> {
  return [await runPromptAlerts(ctx, now), await runCompetitorAlerts(ctx, now), await runWeeklyReports(ctx, now)];
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
