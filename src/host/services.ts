import type { EngineHost } from '../../engine';
import { widgetRegistry } from '../../widgets';
import { callApi } from '../api/client';
import { apiClient, type Query } from '../api/client';
import { callCatalogue, fillPath } from '../api/callCatalogue';
import { reportError } from '../monitoring/sentry';
import { submitLogout } from '../session/loginUrl';
import { deriveOps } from './deriveOps';
import { filterKinds } from './filterKinds';
import { requirements } from './requirements';
import { vocabularies } from './vocabularies';

// The composition root: the one place that sees the engine, the widget kinds, the pages and the
// app's services, and hands the engine its host. Everything but the scope is fixed for the app's
// lifetime; the scope follows the session (see useAppHost).
export const productHost: Omit<EngineHost, 'scope' | 'api' | 'reportError'> = {
  widgets: widgetRegistry,
  filterKinds,
  vocabularies,
  requirements,
  deriveOps,
};

export const appServices: Pick<EngineHost, 'api' | 'reportError' | 'stream' | 'signOut'> = {
  api: (callId, input, options) => callApi<unknown>(callId, { ...(input as Parameters<typeof callApi>[1]), skipAuthRefresh: options?.speculative }),
  reportError,
  // an action's "then": "signOut" (after deleting the account): the logout endpoint, landing on the site origin
  signOut: () => submitLogout(window.location.origin),
  // streamed calls (onboarding insight generation's NDJSON progress), by catalogue id like api
  stream: async (callId, input, onChunk) => {
    const def = await callCatalogue.lookup(callId);
    await apiClient.stream(fillPath(def.path, input.params), { method: def.method, query: input.query as Query, body: input.body, onChunk });
  },
};
