import { useMemo } from 'react';
import { Route, Routes, useResolvedPath } from 'react-router-dom';
import { EngineHostProvider, PageView, pagesFromModules, type EngineHost, type PageDefinition } from '../../engine';
import { callCatalogue } from '../api/callCatalogue';
import { useSession } from '../session/SessionContext';
import { appServices, productHost } from './services';

export { loadWidgetTemplates } from '../../widgets';

// The page studio's live preview: a page config being edited, drawn by the engine with the
// product's widgets on the real API, for the brand the studio chose. The preview only reads: data
// calls (GET, or named by a widget's or page's `data`/`record`) go out; calls that only actions
// send (saving, deleting, signing out) are refused with a message, so trying a page in the studio
// never changes an account.

type Json = Record<string, unknown>;

export const PREVIEW_REFUSED = 'Actions are off in the studio preview: nothing was sent.';

/** The page as the app would load it (migrated to the current format), or the reason it cannot be. */
export function previewDefinition(value: unknown): PageDefinition | string {
  try {
    const [page] = pagesFromModules({ 'page.json': value });
    return page ?? 'The page needs a "route" to be previewed.';
  } catch (e) {
    return `The page cannot be loaded: ${(e as Error).message}`;
  }
}

/** Call ids a page reads: those under a `data` or `record` object. */
export function readCalls(page: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown, parent: string | null) => {
    if (Array.isArray(v)) return v.forEach((x) => walk(x, parent));
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v as Json)) {
      if (k === 'call' && typeof x === 'string' && (parent === 'data' || parent === 'record')) out.add(x);
      walk(x, k);
    }
  };
  walk(page, null);
  return out;
}

export interface StudioPreviewProps {
  page: PageDefinition;
  brand: Json | null;
  /** Values for the route's `:params` (e.g. a prompt id). */
  params: Record<string, string>;
}

export function StudioPreview({ page, brand, params }: StudioPreviewProps) {
  const { user, refresh } = useSession();
  const reads = useMemo(() => readCalls(page), [page]);
  const host = useMemo<EngineHost>(
    () => ({
      ...productHost,
      ...appServices,
      api: async (callId, input, options) => {
        const def = await callCatalogue.lookup(callId);
        if (def.method !== 'GET' && !reads.has(callId)) throw new Error(PREVIEW_REFUSED);
        return appServices.api(callId, input, options);
      },
      signOut: () => window.alert(PREVIEW_REFUSED),
      scope: { user: user as Json | null, brand, refresh },
    }),
    [reads, user, brand, refresh],
  );
  // The page is mounted under the studio's own address with its route pattern appended, so it
  // reads its `$param`s (the values typed in the studio) as it would at its real address.
  const base = useResolvedPath('.').pathname.replace(/\/$/, '');
  const filled = page.route.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(params[name] || `:${name}`));
  return (
    <EngineHostProvider host={host}>
      <Routes location={{ pathname: `${base}${filled}`, search: '', hash: '', state: null, key: 'studio-preview' }}>
        <Route path={`${page.route.replace(/^\//, '')}`} element={<PageView page={page} />} />
        <Route path="*" element={<PageView page={page} />} />
      </Routes>
    </EngineHostProvider>
  );
}
