export { AppShell } from './AppShell.js';
export { SidebarProvider, useSidebar, type SidebarState } from './SidebarContext.js';
export { BrandSwitcher, ADD_BRAND_ROUTE, UPGRADE_TOOLTIP } from './BrandSwitcher.js';
export { truncateName, initialsOf } from './truncate.js';
export * from './constants.js';
