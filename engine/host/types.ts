import type { ComponentType, LazyExoticComponent } from 'react';

// What the engine needs from the application that hosts it. The engine imports nothing of the
// app: the app builds one EngineHost in its composition root and hands it to EngineHostProvider
// (inside React) or passes it to the functions that run outside React (prefetch, exports).

/** A catalogue call's input: request body, path parameters and query string. */
export interface CallInput {
  body?: unknown;
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
}

export interface FetchOptions {
  /** Sent before the session is confirmed (start-up prefetch): a 401 is not answered with a
   * token refresh; the widget asks again once the session is known. */
  speculative?: boolean;
}

/** Sends a call from the API catalogue by id; rejects with an error carrying `status` and `message`. */
export type DataFetcher = (callId: string, input: CallInput, options?: FetchOptions) => Promise<unknown>;

/** Reports an unexpected failure (to the host's error monitoring); must not throw. */
export type ErrorReporter = (error: unknown, context: Record<string, unknown>) => void;

/** What a widget kind's component receives. Data widgets get `data` only once it is ready (the
 * host renders loading, error and empty states); frameless kinds render their own box. */
export interface WidgetProps<C = WidgetConfigBase> {
  id: string;
  config: C;
  data: unknown;
}

/** The fields every widget config has, whatever its kind. */
export interface WidgetConfigBase {
  type: string;
  title?: string;
  [key: string]: unknown;
}

export interface WidgetKind {
  component: LazyExoticComponent<ComponentType<WidgetProps<any>>> | ComponentType<WidgetProps<any>>;
  /** 'card' wraps the widget in a titled card with the data states; 'none' renders it bare. */
  frame: 'card' | 'none';
  /** Render the component even when its data is empty (a button whose data only conditions it). */
  rendersEmpty?: boolean;
  /** Render the component (with no data) when its call fails, instead of the error copy: a button
   * whose data only conditions it stays usable, and the card showing that data reports the error. */
  rendersOnError?: boolean;
  /** The component itself once its code has loaded, so a host can render it without suspending;
   * null before, and always for kinds that must keep suspending. */
  loaded?: () => ComponentType<WidgetProps<any>> | null;
}

/** The widget kinds a page may use, by `type`. */
export interface WidgetRegistry {
  kind(type: string): WidgetKind | undefined;
  /** Starts downloading these kinds' code (a page's widgets, while its data is fetched). */
  preload(types: Iterable<string>): void;
}

/** A value a list can show: what is stored or sent, and what a person reads. */
export interface Option {
  value: string;
  label: string;
}

/** A named set of values with their display names (the `labels` of tables, lists, form options). */
export interface Vocabulary {
  options(): Option[];
  /** The display name of a value; the value itself when it is not known. */
  label(value: string): string;
}

/** A multi-select filter kind the host adds to the page format (e.g. a list of sources). One
 * catch-all value stands for "everything": chosen with others it wins, and it is sent as null. */
export interface ListFilterKind {
  /** Field label when the page's control gives none. */
  label: string;
  /** The vocabulary whose options the control lists. */
  vocabulary: string;
  catchAll: Option;
  /** A combobox that filters its options as the user types (long lists), else a dropdown. */
  searchable?: boolean;
  /** Shown when typing matches no option. */
  noMatches?: string;
  /** The values worth offering for the current scope (e.g. the countries the brand's prompts use);
   * the vocabulary's other options are left out, except ones already selected. Null or absent:
   * every option. */
  available?: (scope: HostScope) => string[] | null | undefined;
}

/** Records the pages are about, by binding name: `{"$user": "id"}` reads scope.user.id. */
export interface HostScope {
  user: Record<string, unknown> | null;
  brand: Record<string, unknown> | null;
  /** Reloads the scope after an action that changes it (an action's `refreshSession`). */
  refresh: () => Promise<unknown>;
}

/** A condition a page may require (`"requires": {"<name>": true}`) and the copy shown when unmet. */
export interface PageRequirement {
  met: (scope: HostScope) => boolean;
  title: string;
  message: string;
}

export interface EngineHost {
  api: DataFetcher;
  scope: HostScope;
  reportError: ErrorReporter;
  widgets: WidgetRegistry;
  /** Filter control types beyond the engine's own (`timeRange`, `choice`). */
  filterKinds: Record<string, ListFilterKind>;
  vocabularies: Record<string, Vocabulary>;
  requirements: Record<string, PageRequirement>;
  /** Derive operations beyond the engine's own (`{"type": "derive", "op": "<name>"}`): each maps
   * the step's resolved arguments to the new field's value. */
  deriveOps: Record<string, DeriveOp>;
  /** Ends the session and leaves the app (an action's "then": "signOut", e.g. after deleting the
   * account); the product posts to its logout endpoint with the site origin as the landing page. */
  signOut?: () => void;
  /** Sends a streamed call of the catalogue (e.g. NDJSON progress lines), handing each decoded text
   * chunk to onChunk; resolves when the stream ends, rejects like `api`. Hosts without streaming
   * leave it out (a widget that needs it then reports its step as failed). */
  stream?: StreamFetcher;
}

export type StreamFetcher = (callId: string, input: CallInput, onChunk: (text: string) => void) => Promise<void>;

export type DeriveOp = (args: unknown[]) => unknown;
