// Shell constants: sizes, breakpoints and names the shell shares.
export const SIDEBAR_WIDTH = '18rem';
export const SIDEBAR_WIDTH_MOBILE = '20rem';
export const SIDEBAR_WIDTH_COLLAPSED = '4rem';
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 604_800; // 7 days
export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR_SHORTCUT_KEY = 'b';
export const BRAND_NAME_MAX_MOBILE = 15;
export const BRAND_NAME_MAX_DESKTOP = 30;
export const PROMO_DISMISSED_STORAGE_KEY = 'enterprisePromoDismissed';
export const BILLING_SETTINGS_ROUTE = '/app/settings?tab=billing';
