export { AppShell } from './AppShell';
export { SidebarProvider, useSidebar, type SidebarState } from './SidebarContext';
export { BrandSwitcher, ADD_BRAND_ROUTE, UPGRADE_TOOLTIP } from './BrandSwitcher';
export { truncateName, initialsOf } from './truncate';
export * from './constants';
