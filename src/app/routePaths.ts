// Route constants: every screen's path in one place.
export const ROUTES = {
  root: '/',
  login: '/login',
  error: '/error',
  paymentVerify: '/payment/verify',
  onboarding: '/onboarding',
  onboardingSnapshot: '/onboarding/snapshot',
  onboardingPlans: '/onboarding/plans',
  app: '/app',
  home: '/app/home',
  prompts: '/app/prompts',
  promptDetail: '/app/prompts/:id',
  competitors: '/app/competitors',
  competitorComparison: '/app/competitors/comparison/:name',
  sources: '/app/sources',
  settings: '/app/settings',
  profile: '/app/profile',
  addBrand: '/app/add-brand',
  /** the page studio, for staff (outside the app shell: it needs the whole window) */
  studio: '/studio',
} as const;

/** Screens outside /app, drawn by pages with an onboarding frame ("shell": "onboarding" | "pricing"). */
export const ONBOARDING_PATHS: string[] = [ROUTES.onboarding, ROUTES.onboardingSnapshot, ROUTES.onboardingPlans, ROUTES.paymentVerify];

/** Paths a not-yet-onboarded user may still open. */
export const ONBOARDING_EXEMPT_FRAGMENTS = ['/onboarding', '/payment/verify', '/settings', '/app/profile'];

/** /app routes that stay open without an active subscription (so billing can be fixed). */
export const SUBSCRIPTION_EXEMPT_ROUTES: string[] = [ROUTES.settings, ROUTES.profile];

/** /app screens and their placeholder titles while their page is not built yet. */
export const APP_SCREENS: Array<{ path: string; title: string }> = [
  { path: ROUTES.home, title: 'Overview' },
  { path: ROUTES.prompts, title: 'Prompts Monitor' },
  { path: ROUTES.promptDetail, title: 'Prompt Details' },
  { path: ROUTES.competitors, title: 'Competitors' },
  { path: ROUTES.competitorComparison, title: 'Competitor Comparison' },
  { path: ROUTES.sources, title: 'Sources' },
  { path: ROUTES.settings, title: 'Settings' },
  { path: ROUTES.profile, title: 'Profile' },
  { path: ROUTES.addBrand, title: 'Add Brand' },
];

export function needsOnboarding(isOnboarded: boolean | undefined, pathname: string): boolean {
  return isOnboarded === false && !ONBOARDING_EXEMPT_FRAGMENTS.some((fragment) => pathname.includes(fragment));
}
