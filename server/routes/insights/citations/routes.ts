import { type CallRoute, defineCall } from '../../../http/call.js';
import type { WindowedBody } from '../shared/scope.js';
import { brandRequest } from '../shared/request.js';
import { tldAnalysis } from './tldAnalysis.js';

export const citationRoutes: CallRoute[] = [
  defineCall<WindowedBody>('citations.tld-analysis', async (input) => {
    const { brand, scope, tracked } = await brandRequest(input);
    return tldAnalysis(input.ctx.db, scope, brand, tracked);
  }),
];
