export { SessionProvider, STARTUP_PAUSE_MS, CONFIG_PATH, type SessionProviderProps } from './SessionProvider';
export { SessionContext, useSession, type SessionValue } from './SessionContext';
export { STARTUP_MESSAGES } from './LoadingScreen';
export { SELECTED_BRAND_STORAGE_KEY } from './selectedBrand';
export { LOGIN_ROUTE, HOME_ROUTE, loginUrlFor, logoutUrlFor, safeInternalPath } from './loginUrl';
export { featureOn, hasValidSubscription, mayAddBrand } from './normalize';
export { supportEmailFrom } from './supportEmail';
export type { AppConfig, Brand, User, PlanGovernance, SubscriptionStatus } from './types';
