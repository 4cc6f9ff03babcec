import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXPORT_PAGE_LIMIT, pagedDataSpec } from '../../engine/data/serverPaging';
import type { WidgetConfig } from '../../engine/runtime/types';
import { catalogue, send } from '../contract/walk';
import { OTHER_INSIGHT_CALLS, OVERVIEW_CALLS, requestFor, type WalkIds, type WalkRequest } from '../contract/requests';
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

/** The body fields of a call that take a page request (PageRequest): a call with any pages its list on the server. */
export function pageFieldsOf(callId: string): string[] {
  const props = (catalogue.calls[callId]?.body as { properties?: Record<string, { $ref?: string }> } | undefined)?.properties ?? {};
  return Object.keys(props).filter((k) => props[k].$ref?.endsWith('#/definitions/PageRequest'));
}

/** A widget of a page in pages/ that reads an insight call. */
export interface ScreenWidget {
  page: string;
  widget: string;
  config: WidgetConfig;
}

const PAGES_DIR = join(import.meta.dirname, '../../pages');

/** Every widget of pages/*.json (nested ones too) whose data names `callId`. */
export function widgetsCalling(callId: string): ScreenWidget[] {
  const found: ScreenWidget[] = [];
  const visit = (page: string, widget: string, node: unknown) => {
    if (Array.isArray(node)) node.forEach((n, i) => visit(page, `${widget}[${i}]`, n));
    else if (node && typeof node === 'object') {
      const config = node as WidgetConfig;
      if (typeof config.type === 'string' && config.data?.call === callId) found.push({ page, widget, config });
      for (const [k, v] of Object.entries(node)) if (k !== 'data') visit(page, widget, v);
    }
  };
  for (const file of readdirSync(PAGES_DIR).filter((f) => f.endsWith('.json'))) {
    const page = JSON.parse(readFileSync(join(PAGES_DIR, file), 'utf8')) as { id: string; widgets?: Record<string, unknown> };
    for (const [id, w] of Object.entries(page.widgets ?? {})) visit(page.id, id, w);
  }
  return found;
}

/** A body value fixed in the page (not a binding such as {"$brand": "id"} filled at run time). */
function isLiteral(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return true;
  return !Object.keys(value).some((k) => k.startsWith('$'));
}

/**
 * The requests the screens send to a call that pages on the server: per widget calling it, the
 * walk's request with the widget's fixed body fields (a side, a page of 8) and, with serverPaging,
 * the first page it shows (its pageSize, its default sort) and, when it exports, the export's page
 * of EXPORT_PAGE_LIMIT rows, the longest request the screen sends.
 */
export function screenRequests(callId: string, ids: WalkIds): Array<{ label: string; body: Record<string, unknown> }> {
  const base = requestFor(callId, ids)!.body as Record<string, unknown>;
  // widgets sending the same request (a chart and its stat cards) are measured once
  const byBody = new Map<string, { names: string[]; body: Record<string, unknown> }>();
  const add = (name: string, body: Record<string, unknown>) => {
    const key = JSON.stringify(body);
    byBody.set(key, { names: [...(byBody.get(key)?.names ?? []), name], body });
  };
  for (const { page, widget, config } of widgetsCalling(callId)) {
    const spec = pagedDataSpec(config)!;
    const fixed = Object.fromEntries(Object.entries(spec.body ?? {}).filter(([, v]) => isLiteral(v)));
    add(`${page}: ${widget}`, { ...base, ...fixed });
    const paging = config.serverPaging as { param?: string } | undefined;
    if (paging && config.export) {
      const param = paging.param ?? 'page';
      add(`${page}: ${widget} export page`, {
        ...base,
        ...fixed,
        [param]: { ...(fixed[param] as object), limit: EXPORT_PAGE_LIMIT, offset: 0 },
      });
    }
  }
  return [...byBody.values()].map(({ names, body }) => ({ label: `${callId} (${names.join(', ')})`, body }));
}

export interface AnswerSize {
  status: number;
  bytes: number;
}

/**
 * Body size of each insight call (and longer variant), in bytes, keyed by call id or variant
 * label. A call that pages on the server is measured by the requests its screens send
 * (screenRequests), not by the whole list, which no screen asks for; one its screen still asks
 * for whole (`sentWhole`) by the walk's request.
 */
export async function measureAnswers(
  server: TestServer,
  ids: WalkIds,
  cookie: string,
  sentWhole: ReadonlySet<string> = new Set(),
): Promise<Map<string, AnswerSize>> {
  const sizes = new Map<string, AnswerSize>();
  const requests: Array<{ label: string; callId: string; request: WalkRequest }> = [
    ...INSIGHT_CALLS.flatMap((id): Array<{ label: string; callId: string; request: WalkRequest }> =>
      pageFieldsOf(id).length > 0 && !sentWhole.has(id)
        ? screenRequests(id, ids).map((r) => ({ label: r.label, callId: id, request: { body: r.body } }))
        : [{ label: id, callId: id, request: requestFor(id, ids)! }],
    ),
    ...LONGER_VARIANTS.map((v) => ({ label: v.label, callId: v.callId, request: { body: v.body(ids) } })),
  ];
  for (const { label, callId, request } of requests) {
    const res = await send(server, catalogue.calls[callId], request, cookie);
    sizes.set(label, { status: res.statusCode, bytes: res.rawPayload.byteLength });
  }
  return sizes;
}
