import { type CallRoute, defineCall } from '../../../http/call';
import type { WindowedBody } from '../shared/scope';
import { brandRequest } from '../shared/request';
import { tldAnalysis } from './tldAnalysis';

export const citationRoutes: CallRoute[] = [
  defineCall<WindowedBody>('citations.tld-analysis', async (input) => {
    const { brand, scope, tracked, answer } = await brandRequest(input);
    return answer(() => tldAnalysis(input.ctx.db, scope, brand, tracked));
  }),
];
