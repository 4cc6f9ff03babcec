import { catalogue, send } from '../contract/walk';
import { OTHER_INSIGHT_CALLS, OVERVIEW_CALLS, requestFor, type WalkIds } from '../contract/requests';
import type { TestServer } from '../support/harness';

/** 300 kB, in bytes of the JSON body as sent (before any compression). */
export const PAYLOAD_BUDGET_BYTES = 300_000;

/** The dashboard's insight reads: the Overview's calls, then the other pages' (as in scripts/benchApi.ts), and the prompt detail's run lists. */
export const INSIGHT_CALLS = [...OVERVIEW_CALLS, ...OTHER_INSIGHT_CALLS, 'prompts.get', 'prompts.recent-runs', 'prompts.runs-by-date'];

/** Requests beside the walk's that make a list longer: the prompt's series per location instead of per provider. */
export const LONGER_VARIANTS: Array<{ label: string; callId: string; body: (ids: WalkIds) => Record<string, unknown> }> = [
  {
    label: 'prompts.metrics.mention-rate-series (per location)',
    callId: 'prompts.metrics.mention-rate-series',
    body: (ids) => ({ ...(requestFor('prompts.metrics.mention-rate-series', ids)!.body as object), aggregationType: 'location' }),
  },
];

export interface AnswerSize {
  status: number;
  bytes: number;
}

/** Body size of each insight call (and longer variant), in bytes, keyed by call id or variant label. */
export async function measureAnswers(server: TestServer, ids: WalkIds, cookie: string): Promise<Map<string, AnswerSize>> {
  const sizes = new Map<string, AnswerSize>();
  const requests = [
    ...INSIGHT_CALLS.map((id) => ({ label: id, callId: id, request: requestFor(id, ids)! })),
    ...LONGER_VARIANTS.map((v) => ({ label: v.label, callId: v.callId, request: { body: v.body(ids) } })),
  ];
  for (const { label, callId, request } of requests) {
    const res = await send(server, catalogue.calls[callId], request, cookie);
    sizes.set(label, { status: res.statusCode, bytes: res.rawPayload.byteLength });
  }
  return sizes;
}
