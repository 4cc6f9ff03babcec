import type { Db } from '../../../db/types';
import { badRequest } from '../../../http/errors';
import { SqlParams, iso, num, numOrNull, rate, round2, round2OrNull } from '../sql';
import type { PromptRecord } from '../promptRecord';
import type { Window } from '../windows';
import { DEFAULT_MIN_SAMPLE, meanStats, rateStats, type EstimateStats } from '../../../stats';

/** A prompt's metric cards over the window: mention rate, average rank, net sentiment, mentions, providers. */
export interface PromptAggregatedMetrics {
  mentionRate: number | null;
  avgRank: number | null;
  netSentiment: number | null;
  totalMentions: number;
  distinctProviderCount: number;
  /** mentionRate: n = runs. */
  mentionRateStats: EstimateStats;
  /** avgRank: n = answers naming the brand. */
  avgRankStats: EstimateStats;
  /** netSentiment (×100): n = answers naming the brand. */
  netSentimentStats: EstimateStats;
}

/** The prompt's runs in the window joined to the own brand's mention (one per run at most). */
function ownJoin(p: SqlParams, prompt: PromptRecord, ownEntity: string, window: Window, locations: string[] | null) {
  const brand = p.add(prompt.brandId);
  const id = p.add(prompt.id);
  const start = p.time(window.start);
  const end = p.time(window.end);
  const own = p.add(ownEntity);
  const locationFilter = p.in('r.location', locations);
  return {
    cte: `own AS (
       SELECT m.run_id, m.rank, m.sentiment FROM mentions m
        WHERE m.brand_id = ${brand} AND m.prompt_id = ${id} AND m.created_at >= ${start} AND m.created_at < ${end}
          AND m.entity = ${own}
     )`,
    from: `runs r LEFT JOIN own ON own.run_id = r.id
      WHERE r.brand_id = ${brand} AND r.prompt_id = ${id} AND r.created_at >= ${start} AND r.created_at < ${end}
        AND ${locationFilter}`,
  };
}

export async function loadAggregatedMetrics(
  db: Db,
  prompt: PromptRecord,
  ownEntity: string,
  window: Window,
  locations: string[] | null,
  minSample = DEFAULT_MIN_SAMPLE,
): Promise<PromptAggregatedMetrics> {
  const p = new SqlParams();
  const q = ownJoin(p, prompt, ownEntity, window, locations);
  const [row] = await db.query(
    `WITH ${q.cte}
     SELECT COUNT(*) AS runs, COUNT(own.run_id) AS mentioned, AVG(own.rank) AS avg_rank,
            AVG(own.sentiment) AS avg_sentiment, COUNT(DISTINCT r.provider) AS providers,
            SUM(own.rank) AS rank_sum, SUM(own.rank * own.rank) AS rank_sq_sum,
            SUM(own.sentiment) AS sentiment_sum, SUM(own.sentiment * own.sentiment) AS sentiment_sq_sum
       FROM ${q.from}`,
    p.values,
  );
  const sentiment = numOrNull(row?.avg_sentiment);
  const mentioned = num(row?.mentioned);
  return {
    mentionRate: round2OrNull(rate(num(row?.mentioned), num(row?.runs))),
    avgRank: round2OrNull(numOrNull(row?.avg_rank)),
    netSentiment: sentiment === null ? null : round2(sentiment * 100),
    totalMentions: num(row?.mentioned),
    distinctProviderCount: num(row?.providers),
    mentionRateStats: rateStats(mentioned, num(row?.runs), minSample),
    avgRankStats: meanStats({ n: mentioned, sum: num(row?.rank_sum), sumSq: num(row?.rank_sq_sum) }, minSample),
    netSentimentStats: meanStats({ n: mentioned, sum: num(row?.sentiment_sum), sumSq: num(row?.sentiment_sq_sum) }, minSample, 100),
  };
}

export type TimeInterval = 'hour' | 'day' | 'week';
export type AggregationType = 'provider' | 'location';

/** One point of a prompt's mention-rate series, per provider or per location. */
export interface PromptSeriesPoint {
  formattedPeriod: string;
  timestampEpoch: number;
  totalRuns: number;
  aggregationValue: string;
  mentionRate: number;
  /**
   * The 95% Wilson interval of mentionRate (n = totalRuns), as two flat numbers rather than a stats
   * object: a series has a point per bucket and per provider or location (250 locations at the
   * largest plan), and the flat pair keeps the answer within its payload budget; a chart's band
   * reads them as y and y2.
   */
  mentionRateLow: number;
  mentionRateHigh: number;
}

/** hour: "2026-11-21 13:00"; day: "2026-11-21"; week: the Monday that starts the ISO week. */
export function formatPeriod(bucketStart: Date, interval: TimeInterval): string {
  const text = bucketStart.toISOString();
  return interval === 'hour' ? `${text.slice(0, 10)} ${text.slice(11, 16)}` : text.slice(0, 10);
}

/**
 * Mention rate per bucket (date_trunc in UTC; weeks start on Monday) and per provider or location.
 * Only buckets with runs appear: without runs there is no rate to show.
 */
export async function loadMentionRateSeries(
  db: Db,
  prompt: PromptRecord,
  ownEntity: string,
  window: Window,
  locations: string[] | null,
  interval: TimeInterval,
  aggregation: AggregationType,
  minSample = DEFAULT_MIN_SAMPLE,
): Promise<Record<string, PromptSeriesPoint[]>> {
  if (!['hour', 'day', 'week'].includes(interval)) throw badRequest('timeInterval must be hour, day or week');
  const column = aggregation === 'location' ? 'r.location' : 'r.provider';
  const p = new SqlParams();
  const q = ownJoin(p, prompt, ownEntity, window, locations);
  const rows = await db.query(
    `WITH ${q.cte}
     SELECT ${column} AS series, date_trunc('${interval}', r.created_at) AS bucket,
            COUNT(*) AS runs, COUNT(own.run_id) AS mentioned
       FROM ${q.from}
      GROUP BY ${column}, date_trunc('${interval}', r.created_at)
      ORDER BY series, bucket`,
    p.values,
  );
  const data: Record<string, PromptSeriesPoint[]> = {};
  for (const row of rows) {
    const series = String(row.series);
    const bucket = new Date(iso(row.bucket));
    const runs = num(row.runs);
    (data[series] ??= []).push({
      formattedPeriod: formatPeriod(bucket, interval),
      timestampEpoch: bucket.getTime(),
      totalRuns: runs,
      aggregationValue: series,
      mentionRate: round2((num(row.mentioned) / runs) * 100),
      ...seriesInterval(rateStats(num(row.mentioned), runs, minSample)),
    });
  }
  return data;
}

/** A bucket always has runs, so its interval is never null. */
function seriesInterval(stats: EstimateStats): Pick<PromptSeriesPoint, 'mentionRateLow' | 'mentionRateHigh'> {
  return { mentionRateLow: stats.low ?? 0, mentionRateHigh: stats.high ?? 100 };
}

/** A source cited in one of the prompt's answers. */
export interface PromptCitation {
  title: string | null;
  url: string;
  domain: string;
  author: string | null;
  createdAt: string;
  provider: string;
  runLocation: string;
  citationHash: string;
}

export const MAX_CITATIONS = 1000;

/** The prompt's citations in the window, newest run first, in each run's citation order. */
export async function loadPromptCitations(
  db: Db,
  prompt: PromptRecord,
  window: Window,
  locations: string[] | null,
): Promise<PromptCitation[]> {
  const p = new SqlParams();
  const brand = p.add(prompt.brandId);
  const id = p.add(prompt.id);
  const start = p.time(window.start);
  const end = p.time(window.end);
  const locationFilter = p.in('c.location', locations);
  const rows = await db.query(
    `SELECT c.title, c.url, c.domain, c.author, c.created_at, c.provider, c.location, c.citation_hash
       FROM citations c
      WHERE c.brand_id = ${brand} AND c.prompt_id = ${id} AND c.created_at >= ${start} AND c.created_at < ${end}
        AND ${locationFilter}
      ORDER BY c.created_at DESC, c.run_id DESC, c.position
      LIMIT ${MAX_CITATIONS}`,
    p.values,
  );
  return rows.map((row) => ({
    title: row.title === null ? null : String(row.title),
    url: String(row.url),
    domain: String(row.domain),
    author: row.author === null ? null : String(row.author),
    createdAt: iso(row.created_at),
    provider: String(row.provider),
    runLocation: String(row.location),
    citationHash: String(row.citation_hash),
  }));
}
