// One valid request per catalogue call, built from the live demo data, so the contract walk can
// call every endpoint. A call missing here fails the walk: new calls must add their request.

/** The Overview's data calls (pages/overview.json; the five metric cards share one call). */
export const OVERVIEW_CALLS = [
  'brands.performance.metadata',
  'brands.performance.share-of-voice',
  'brands.performance.ranking-list',
  'brands.performance.sources-sov',
  'brands.performance.prompts-ranking',
  'brands.performance.mention-rate-timeseries',
];

/** The other pages' insight reads (prompts monitor and detail, competitors, comparison, sources). */
export const OTHER_INSIGHT_CALLS = [
  'prompts.table',
  'prompts.insights.facts',
  'prompts.suggestions',
  'prompts.metrics.aggregate',
  'prompts.latest-run',
  'prompts.failed-runs',
  'prompts.metrics.mention-rate-series',
  'prompts.metrics.share-of-voice',
  'prompts.citations',
  'prompts.metrics.ranking-list',
  'competitors.insights',
  'competitors.emerging-threats',
  'competitors.comparison-metrics',
  'competitors.comparison-prompts',
  'competitors.provider-ranking',
  'citations.tld-analysis',
];

export interface WalkIds {
  brandId: string;
  promptId: string;
  competitor: string;
  /** A brand the walk may delete, created by brands.create earlier in the same walk. */
  scratchBrandId?: string;
  /** The stored picture's file name, from users.me.profile-picture's answer. */
  pictureFile?: string;
  /** The local checkout session, from onboarding.checkout-session's answer. */
  checkoutSession?: string;
  now: Date;
}

export interface WalkRequest {
  body?: unknown;
  query?: Record<string, string>;
  params?: Record<string, string>;
  /** Expected 2xx status (default 200). */
  status?: number;
  /** Multipart upload instead of JSON. */
  multipart?: { field: string; filename: string; contentType: string; data: Buffer };
}

const DAY = 86_400_000;
const midnight = (now: Date, daysBack: number) => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return new Date(d.getTime() - daysBack * DAY).toISOString();
};

export function windows(now: Date, days = 7) {
  return {
    startTime: midnight(now, days),
    deltaStartTime: midnight(now, 2 * days),
    deltaEndTime: midnight(now, days),
  };
}

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Other requests the screens send to a call, besides its walk request (which may be the whole,
 * unpaged answer): body fields added to the walk request. Bench scripts time them as `call#variant`.
 */
export const SCREEN_VARIANTS: Record<string, Record<string, object>> = {
  'citations.tld-analysis': {
    // pages/sources.json: the chart and stat cards ask for the 8 most cited domains, Cited Domains for pages of 10
    domains: { page: { limit: 8, sort: 'total_count', order: 'desc' } },
    // Cited URLs: no domains, a page of URLs
    urls: { page: { limit: 0 }, urlPage: { limit: 10 } },
  },
  'prompts.table': {
    // pages/prompts.json: New Prompt, bulk Start and the collection strip ask for no rows and no
    // Performance filter or state (canAddPrompts, collection and the counts)
    header: { performance: undefined, state: undefined, page: { limit: 0 } },
  },
};

/** The catalogue call of a request id (`call` or `call#variant`). */
export const callOf = (requestId: string) => requestId.split('#')[0];

export function requestFor(callId: string, ids: WalkIds): WalkRequest | undefined {
  if (callId.includes('#')) {
    const [call, variant] = callId.split('#');
    const extra = SCREEN_VARIANTS[call]?.[variant];
    const base = requestFor(call, ids);
    return extra && base ? { ...base, body: { ...(base.body as object), ...extra } } : undefined;
  }
  const w = windows(ids.now);
  const { brandId, promptId, competitor } = ids;
  const overview = { brandId, ...w, providers: null, location: null };
  const table: Record<string, WalkRequest> = {
    config: {},
    'auth.login': { body: { email: 'demo@example.com', password: 'demo-password' } },
    'auth.refresh': { body: {} },
    'auth.logout.get': { query: { redirectUrl: 'http://localhost:8080/' }, status: 405 },
    'auth.logout.post': { body: {} },
    'users.me.get': {},
    'studio.pages': {},
    'operations.summary': {},
    'users.me.update': { body: { name: 'Demo User', city: 'Berlin' } },
    'users.me.profile-picture': {
      multipart: { field: 'profilePicture', filename: 'me.png', contentType: 'image/png', data: PNG },
    },
    'users.profile-pictures.get': { params: { file: ids.pictureFile ?? 'missing.png' } },
    'users.me.request-password-change': { body: {} },
    'users.me.test-report': { body: {} },
    // A token whose signature does not match is refused with an HTML page (signed links: server/alerts/alerts.test.ts).
    'email.unsubscribe.get': { query: { token: 'walk-token' }, status: 400 },
    'email.unsubscribe.post': { query: { token: 'walk-token' }, body: { 'List-Unsubscribe': 'One-Click' }, status: 400 },
    'users.me.privacy-settings': { body: { marketingEmails: false, surveyCommunications: true, analyticsTracking: true } },
    'users.me.notification-settings': { body: { preferences: { weekly_reports: true } } },
    'users.me.deactivate': { body: {} },
    'users.me.export': {},
    'billing.dashboard': {},
    'billing.plans': {},
    'billing.customer-portal-session': { body: { returnUrl: 'http://localhost:8080/app/settings?tab=billing' } },
    'billing.reactivate-subscription': {
      body: {
        success_url: 'http://localhost:8080/app/settings?tab=billing',
        cancel_url: 'http://localhost:8080/app/settings?tab=billing',
      },
    },
    'onboarding.progress': {},
    'onboarding.save': { body: { step: 1, accountType: 'individual' } },
    'onboarding.generate-insights': { query: { brandId } },
    'onboarding.verify-payment': { query: { session_id: ids.checkoutSession ?? 'cs_missing' } },
    'auth.password-reset.get': { query: { token: 'walk-token' } },
    // An unknown reset token is refused; the page itself is served by the GET above.
    'auth.password-reset.post': { body: { token: 'walk-token', password: 'long-enough-password' }, status: 400 },
    'billing.invoices.get': { params: { file: 'inv_demo_1.pdf' } },
    'billing.local.checkout': { query: { session: ids.checkoutSession ?? 'cs_missing' } },
    'billing.local.checkout.complete': { body: { session: ids.checkoutSession ?? 'cs_missing', planId: 'plan_enterprise' } },
    'billing.local.portal': { query: { return_url: 'http://localhost:8080/app/settings?tab=billing' } },
    'billing.local.portal.cancel': { body: {} },
    // Stripe is not configured in the walk: its webhook answers 404 (signed deliveries: server/payments/stripeWebhook.test.ts).
    'billing.stripe.webhook': { body: { id: 'evt_walk', type: 'ping' }, status: 404 },
    'onboarding.snapshot': { query: { brandId } },
    'onboarding.checkout-session': { body: {} },
    'brands.create': { body: { name: 'Walk Test Brand', website: 'https://walk-test.example', location: 'US' } },
    'brands.finalize': { params: { id: ids.scratchBrandId ?? brandId }, body: { finalCompetitors: ['Acme Walk'] } },
    'brands.delete': { params: { id: ids.scratchBrandId ?? brandId }, body: { brandId: ids.scratchBrandId ?? brandId } },
    'brands.members.list': { params: { id: brandId } },
    'brands.share': { params: { id: ids.scratchBrandId ?? brandId }, body: { email: 'lapsed@example.com', role: 'viewer' } },
    'brands.members.remove': { params: { id: ids.scratchBrandId ?? brandId, userId: 'usr_lapsed' } },
    'brands.performance.metadata': { body: overview },
    'brands.performance.share-of-voice': { body: { brandId, ...w, location: null } },
    'brands.performance.ranking-list': { body: overview },
    'brands.performance.sources-sov': { body: { brandId, startTime: w.startTime, providers: null, location: null, limit: 4 } },
    'brands.performance.prompts-ranking': { body: { ...overview, limit: 5 } },
    'brands.performance.mention-rate-timeseries': {
      body: { brandId, startTime: w.startTime, providers: null, location: null, interval: 'day' },
    },
    // The first page the Prompts Monitor's table asks for (pages/prompts.json: serverPaging of 25,
    // defaultSort mentionRate desc, first tab Active, Performance filter at its default 'all').
    'prompts.table': {
      body: { ...overview, performance: 'all', state: 'active', page: { limit: 25, offset: 0, sort: 'mentionRate', order: 'desc' } },
    },
    'prompts.insights.facts': { body: overview },
    'prompts.suggestions': { body: { brandId, startTime: midnight(ids.now, 30), limit: 10 } },
    'prompts.create': {
      body: {
        prompt: 'Which walk-test tools do analysts recommend?',
        frequency: 'daily',
        providers: ['openai'],
        state: 'active',
        location: ['US'],
        startImmediately: false,
        brandId,
      },
    },
    'prompts.get': { params: { id: promptId } },
    'prompts.update': { params: { id: promptId }, body: { state: 'active' } },
    'prompts.delete': { params: { id: promptId } },
    'prompts.metrics.aggregate': { body: { promptId, startDate: w.startTime, location: null } },
    'prompts.latest-run': { body: { promptId } },
    'prompts.failed-runs': { body: { promptId, location: null } },
    'prompts.recent-runs': { body: { promptId, startTime: w.startTime, location: null } },
    'prompts.runs-by-date': { body: { promptId, startDate: w.startTime } },
    'prompts.metrics.mention-rate-series': {
      body: { promptId, brandId, startTime: w.startTime, timeInterval: 'day', location: null, aggregationType: 'provider' },
    },
    'prompts.metrics.share-of-voice': { body: { promptId, brandId, ...w, location: null, provider: null } },
    'prompts.citations': { body: { promptId, startTime: w.startTime } },
    'prompts.metrics.ranking-list': { body: { promptId, brandId, ...w, location: null } },
    'competitors.create': { body: { brandId, competitorName: 'Walkabout Labs' } },
    'competitors.update': { body: { brandId, oldCompetitorName: 'Walkabout Labs', newCompetitorName: 'Walkabout Studio' } },
    'competitors.delete': { body: { brandId, competitorName: 'Walkabout Studio' } },
    'competitors.insights': { body: { brandId, ...w } },
    'competitors.emerging-threats': { body: { brandId } },
    'competitors.comparison-metrics': { body: { brandId, competitor, startTime: w.startTime } },
    // the screen asks for one side's page (pages/comparison.json); the whole list stays possible unpaged
    'competitors.comparison-prompts': { body: { brandId, competitor, startTime: w.startTime, page: { limit: 20, offset: 0 } } },
    'competitors.provider-ranking': { body: { brandId, competitor, startTime: w.startTime } },
    'citations.tld-analysis': { body: { brandId, startTime: w.startTime, providers: null, location: null } },
  };
  return table[callId];
}

/**
 * The order the walk calls things in: reads first, then mutations that later calls depend on
 * (create before update before delete), and the calls that end the session or the account last.
 */
export const LAST_CALLS = [
  'onboarding.checkout-session',
  'billing.local.checkout',
  'billing.local.checkout.complete',
  'onboarding.verify-payment',
  'competitors.create',
  'competitors.update',
  'competitors.delete',
  'brands.create',
  'brands.finalize',
  'brands.share',
  'brands.members.remove',
  'brands.delete',
  'prompts.delete',
  'billing.local.portal.cancel',
  'auth.refresh',
  'auth.logout.post',
  'auth.logout.get',
  'users.me.deactivate',
];
