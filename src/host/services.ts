import type { EngineHost } from '../../engine';
import { widgetRegistry } from '../../widgets';
import { callApi } from '../api/client';
import { reportError } from '../monitoring/sentry';
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

export const appServices: Pick<EngineHost, 'api' | 'reportError'> = {
  api: (callId, input, options) => callApi<unknown>(callId, { ...(input as Parameters<typeof callApi>[1]), skipAuthRefresh: options?.speculative }),
  reportError,
};
