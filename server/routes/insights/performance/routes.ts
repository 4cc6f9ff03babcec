import { type CallRoute, defineCall } from '../../../http/call';
import type { WindowedBody } from '../shared/scope';
import { brandRequest } from '../shared/request';
import { brandPerformanceMetrics } from './metadata';
import { type Interval, mentionRateTimeseries } from './mentionRateTimeseries';
import { topAndBottomPrompts } from './promptsRanking';
import { rankingList } from './rankingList';
import { shareOfVoiceByProvider } from './shareOfVoice';
import { sourcesShareOfVoice } from './sourcesSov';

/** The overview calls, /api/brands/performance/*. */
export const performanceRoutes: CallRoute[] = [
  defineCall<WindowedBody>('brands.performance.metadata', async (input) => {
    const { brand, scope, tracked, answer } = await brandRequest(input);
    return answer(async () => ({ [brand.id]: await brandPerformanceMetrics(input.ctx.db, scope, tracked) }));
  }),
  defineCall<WindowedBody>('brands.performance.share-of-voice', async (input) => {
    const { scope, tracked, answer } = await brandRequest(input);
    return answer(() => shareOfVoiceByProvider(input.ctx.db, scope, tracked));
  }),
  defineCall<WindowedBody>('brands.performance.ranking-list', async (input) => {
    const { scope, tracked, answer } = await brandRequest(input);
    return answer(() => rankingList(input.ctx.db, scope, tracked));
  }),
  defineCall<WindowedBody & { limit?: number }>('brands.performance.sources-sov', async (input) => {
    const { scope, answer } = await brandRequest(input);
    return answer(() => sourcesShareOfVoice(input.ctx.db, scope, input.body.limit ?? 4));
  }),
  defineCall<WindowedBody & { limit?: number }>('brands.performance.prompts-ranking', async (input) => {
    const { scope, tracked, answer } = await brandRequest(input);
    return answer(() => topAndBottomPrompts(input.ctx.db, scope, tracked, input.body.limit ?? 5, input.ctx.now()));
  }),
  defineCall<WindowedBody & { interval: Interval }>('brands.performance.mention-rate-timeseries', async (input) => {
    const { scope, tracked, answer } = await brandRequest(input);
    return answer(async () => ({ data: await mentionRateTimeseries(input.ctx.db, scope, tracked, input.body.interval) }));
  }),
];
