import { Caption1, OverlayDrawer, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useSession } from '../session/SessionContext';
import { BrandSwitcher } from './BrandSwitcher';
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_MOBILE } from './constants';
import { LOWER_MENU, MAIN_MENU, MAIN_MENU_LABEL, STAFF_MENU } from './navItems';
import { PromoCard } from './PromoCard';
import { useSidebar } from './SidebarContext';
import { SidebarNav } from './SidebarNav';

const useStyles = makeStyles({
  aside: {
    flexShrink: 0,
    height: '100vh',
    position: 'sticky',
    top: 0,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    transitionProperty: 'width',
    transitionDuration: tokens.durationNormal,
    overflow: 'hidden',
  },
  content: {
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    height: '100%',
    padding: '12px',
    boxSizing: 'border-box',
    overflowY: 'auto',
  },
  compactContent: { padding: '12px 8px', alignItems: 'stretch' },
  groupLabel: { color: tokens.colorNeutralForeground3, padding: '0 10px', textTransform: 'uppercase', letterSpacing: '0.04em' },
  spacer: { flexGrow: 1 },
  version: { color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

function SidebarContent({ compact, isMobile, onNavigate }: { compact: boolean; isMobile: boolean; onNavigate?: () => void }) {
  const styles = useStyles();
  const { config, user } = useSession();
  // staff also get the page studio (the server refuses its calls to anyone else)
  const lower = user?.role === 'staff' ? [...STAFF_MENU, ...LOWER_MENU] : LOWER_MENU;
  return (
    <div className={mergeClasses(styles.content, compact && styles.compactContent)}>
      <BrandSwitcher isMobile={isMobile} compact={compact} onNavigate={onNavigate} />
      <nav aria-label="Main Menu">
        {compact ? null : <Caption1 as="h2" className={styles.groupLabel} block>{MAIN_MENU_LABEL}</Caption1>}
        <SidebarNav items={MAIN_MENU} compact={compact} onNavigate={onNavigate} label={MAIN_MENU_LABEL} />
      </nav>
      <div className={styles.spacer} />
      <nav aria-label="More">
        <SidebarNav items={lower} compact={compact} onNavigate={onNavigate} label="More" />
      </nav>
      {compact ? null : <PromoCard onNavigate={onNavigate} />}
      <Caption1 className={styles.version} data-testid="app-version">
        {compact ? `v${config.version}` : `Version ${config.version}`}
      </Caption1>
    </div>
  );
}

/** Desktop: a fixed column, 18rem or 4rem wide. Mobile: a 20rem slide-in panel. */
export function Sidebar() {
  const styles = useStyles();
  const { expanded, isMobile, openMobile, setOpenMobile } = useSidebar();

  if (isMobile) {
    return (
      <OverlayDrawer
        open={openMobile}
        onOpenChange={(_event, data) => setOpenMobile(data.open)}
        position="start"
        style={{ width: SIDEBAR_WIDTH_MOBILE }}
        aria-label="Sidebar"
      >
        <SidebarContent compact={false} isMobile onNavigate={() => setOpenMobile(false)} />
      </OverlayDrawer>
    );
  }

  return (
    <aside
      className={styles.aside}
      style={{ width: expanded ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_COLLAPSED }}
      data-state={expanded ? 'expanded' : 'collapsed'}
      aria-label="Sidebar"
    >
      <SidebarContent compact={!expanded} isMobile={false} />
    </aside>
  );
}
