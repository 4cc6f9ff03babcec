import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { SIDEBAR_SHORTCUT_KEY } from './constants';
import { readSidebarExpanded, writeSidebarExpanded } from './sidebarCookie';
import { useIsMobile } from './useIsMobile';

export interface SidebarState {
  /** Desktop: full width (true) or icons only (false). Kept in a cookie. */
  expanded: boolean;
  /** Mobile: the slide-in panel is open. */
  openMobile: boolean;
  isMobile: boolean;
  /** Ctrl/Meta+B: collapses/expands on desktop, opens/closes the panel on mobile. */
  toggle: () => void;
  setExpanded: (value: boolean) => void;
  setOpenMobile: (value: boolean) => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [expanded, setExpandedState] = useState(() => readSidebarExpanded());
  const [openMobile, setOpenMobile] = useState(false);

  const setExpanded = useCallback((value: boolean) => {
    writeSidebarExpanded(value);
    setExpandedState(value);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((open) => !open);
    else setExpanded(!expanded);
  }, [isMobile, expanded, setExpanded]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_SHORTCUT_KEY && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  // Leaving mobile width closes the panel so it does not reappear later.
  useEffect(() => {
    if (!isMobile) setOpenMobile(false);
  }, [isMobile]);

  const value = useMemo(
    () => ({ expanded, openMobile, isMobile, toggle, setExpanded, setOpenMobile }),
    [expanded, openMobile, isMobile, toggle, setExpanded],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const value = useContext(SidebarContext);
  if (!value) throw new Error('useSidebar must be used inside SidebarProvider');
  return value;
}
