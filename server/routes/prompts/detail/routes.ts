import type { AuthUser } from '../../../http/call';
import { defineCall } from '../../../http/call';
import type { ServerContext } from '../../../http/context';
import { loadAccessiblePrompt, promptNotFound } from '../promptRecord';
import { normalizeLocations } from '../sql';
import { currentWindow, deltaWindow } from '../windows';
import {
  loadAggregatedMetrics,
  loadMentionRateSeries,
  loadPromptCitations,
  type AggregationType,
  type TimeInterval,
} from './metrics';
import { groupsWithinBytes, keepWithinBytes } from './payloadBudget';
import { loadPromptRanking } from './ranking';
import { loadFailedRuns } from './failedRuns';
import { groupByDay, groupByProvider, loadPromptRuns } from './runs';
import { loadPromptShareOfVoice, loadTrackedNames } from './shareOfVoice';

// Run lists are cut at a count and then at LIST_BUDGET_BYTES of JSON, whichever comes first
// (answer texts are long: 500 runs of 2 kB answers would be a megabyte).
/** Newest responses per provider tab in the latest-responses card. */
export const LATEST_RUNS_PER_PROVIDER = 20;
/** Runs in the recent-runs list. */
export const RECENT_RUNS_LIMIT = 100;
/** Runs grouped by day (about 30 days × providers × locations fit). */
export const RUNS_BY_DATE_LIMIT = 500;
/** Newest failed runs per provider tab. */
export const FAILED_RUNS_PER_PROVIDER = 20;

type Locations = string[] | null | undefined;

/** The prompt (member access) and its own-brand entity key; a brandId that is not the prompt's brand is a 404 too. */
async function scope(ctx: ServerContext, user: AuthUser, promptId: string, brandId?: string) {
  const { prompt, brand } = await loadAccessiblePrompt(ctx, user, promptId);
  if (brandId !== undefined && brandId !== prompt.brandId) throw promptNotFound(promptId);
  return { prompt, brand, own: brand.name.trim().toLowerCase() };
}

export const aggregateMetrics = defineCall<{ promptId: string; startDate: string; endTime?: string; location?: Locations }>(
  'prompts.metrics.aggregate',
  async ({ body, user, ctx }) => {
    const { prompt, own } = await scope(ctx, user, body.promptId);
    const window = currentWindow(body.startDate, ctx.now(), 'startDate', body.endTime);
    return [await loadAggregatedMetrics(ctx.db, prompt, own, window, normalizeLocations(body.location), ctx.config.minSample)];
  },
);

export const latestRun = defineCall<{ promptId: string; location?: Locations }>('prompts.latest-run', async ({ body, user, ctx }) => {
  const { prompt, own } = await scope(ctx, user, body.promptId);
  const runs = await loadPromptRuns(ctx.db, prompt, own, {
    start: null,
    end: ctx.now(),
    locations: normalizeLocations(body.location),
    limit: LATEST_RUNS_PER_PROVIDER,
    perProvider: true,
  });
  return groupsWithinBytes(groupByProvider(runs, prompt.providers));
});

export const failedRuns = defineCall<{ promptId: string; location?: Locations }>('prompts.failed-runs', async ({ body, user, ctx }) => {
  const { prompt } = await scope(ctx, user, body.promptId);
  const failed = await loadFailedRuns(ctx.db, prompt, normalizeLocations(body.location), FAILED_RUNS_PER_PROVIDER * Math.max(1, prompt.providers.length));
  // Keyed by provider like the latest responses, each tab its newest failures.
  const byProvider: Record<string, typeof failed> = {};
  for (const id of prompt.providers) byProvider[id] = [];
  for (const f of failed) {
    const list = (byProvider[f.provider] ??= []);
    if (list.length < FAILED_RUNS_PER_PROVIDER) list.push(f);
  }
  return byProvider;
});

export const recentRuns = defineCall<{ promptId: string; startTime: string; endTime?: string; location?: Locations }>(
  'prompts.recent-runs',
  async ({ body, user, ctx }) => {
    const { prompt, own } = await scope(ctx, user, body.promptId);
    const window = currentWindow(body.startTime, ctx.now(), 'startTime', body.endTime);
    const runs = await loadPromptRuns(ctx.db, prompt, own, {
      start: window.start,
      end: window.end,
      locations: normalizeLocations(body.location),
      limit: RECENT_RUNS_LIMIT,
    });
    return keepWithinBytes(runs);
  },
);

export const runsByDate = defineCall<{ promptId: string; startDate: string; endTime?: string; location?: Locations }>(
  'prompts.runs-by-date',
  async ({ body, user, ctx }) => {
    const { prompt, own } = await scope(ctx, user, body.promptId);
    const window = currentWindow(body.startDate, ctx.now(), 'startDate', body.endTime);
    const runs = await loadPromptRuns(ctx.db, prompt, own, {
      start: window.start,
      end: window.end,
      locations: normalizeLocations(body.location),
      limit: RUNS_BY_DATE_LIMIT,
    });
    return groupByDay(keepWithinBytes(runs));
  },
);

export const mentionRateSeries = defineCall<{
  promptId: string;
  brandId: string;
  startTime: string;
  endTime?: string;
  timeInterval: TimeInterval;
  location?: Locations;
  aggregationType: AggregationType;
}>('prompts.metrics.mention-rate-series', async ({ body, user, ctx }) => {
  const { prompt, own } = await scope(ctx, user, body.promptId, body.brandId);
  const window = currentWindow(body.startTime, ctx.now(), 'startTime', body.endTime);
  const data = await loadMentionRateSeries(
    ctx.db,
    prompt,
    own,
    window,
    normalizeLocations(body.location),
    body.timeInterval,
    body.aggregationType,
    ctx.config.minSample,
  );
  return { data };
});

export const shareOfVoice = defineCall<{
  promptId: string;
  brandId: string;
  startTime: string;
  endTime?: string;
  deltaStartTime: string;
  deltaEndTime: string;
  location?: Locations;
  provider?: string | null;
}>('prompts.metrics.share-of-voice', async ({ body, user, ctx }) => {
  const { prompt, brand } = await scope(ctx, user, body.promptId, body.brandId);
  const tracked = await loadTrackedNames(ctx.db, brand);
  return loadPromptShareOfVoice(
    ctx.db,
    prompt,
    tracked,
    currentWindow(body.startTime, ctx.now(), 'startTime', body.endTime),
    deltaWindow(body.deltaStartTime, body.deltaEndTime),
    normalizeLocations(body.location),
    body.provider ?? null,
    ctx.config.minSample,
  );
});

export const citations = defineCall<{ promptId: string; startTime: string; endTime?: string; location?: Locations }>(
  'prompts.citations',
  async ({ body, user, ctx }) => {
    const { prompt } = await scope(ctx, user, body.promptId);
    const window = currentWindow(body.startTime, ctx.now(), 'startTime', body.endTime);
    return keepWithinBytes(await loadPromptCitations(ctx.db, prompt, window, normalizeLocations(body.location)));
  },
);

export const rankingList = defineCall<{
  promptId: string;
  brandId: string;
  startTime: string;
  endTime?: string;
  deltaStartTime: string;
  deltaEndTime: string;
  location?: Locations;
}>('prompts.metrics.ranking-list', async ({ body, user, ctx }) => {
  const { prompt, brand } = await scope(ctx, user, body.promptId, body.brandId);
  const tracked = await loadTrackedNames(ctx.db, brand);
  return loadPromptRanking(
    ctx.db,
    prompt,
    tracked,
    currentWindow(body.startTime, ctx.now(), 'startTime', body.endTime),
    deltaWindow(body.deltaStartTime, body.deltaEndTime),
    normalizeLocations(body.location),
    ctx.config.minSample,
  );
});

export const detailRoutes = [
  aggregateMetrics,
  latestRun,
  failedRuns,
  recentRuns,
  runsByDate,
  mentionRateSeries,
  shareOfVoice,
  citations,
  rankingList,
];
