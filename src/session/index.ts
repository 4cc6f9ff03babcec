export { SessionProvider, STARTUP_PAUSE_MS, CONFIG_PATH, type SessionProviderProps } from './SessionProvider.js';
export { SessionContext, useSession, type SessionValue } from './SessionContext.js';
export { STARTUP_MESSAGES } from './LoadingScreen.js';
export { SELECTED_BRAND_STORAGE_KEY } from './selectedBrand.js';
export { LOGIN_ROUTE, HOME_ROUTE, loginUrlFor, logoutUrlFor, safeInternalPath } from './loginUrl.js';
export { featureOn, hasValidSubscription, mayAddBrand } from './normalize.js';
export { supportEmailFrom } from './supportEmail.js';
export type { AppConfig, Brand, User, PlanGovernance, SubscriptionStatus } from './types.js';
