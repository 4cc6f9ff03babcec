import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { NavigationRegular, PanelLeftContractRegular, PanelLeftExpandRegular } from '@fluentui/react-icons';
import { ThemeToggleButton } from '../theme/ThemeToggleButton';
import { useSidebar } from './SidebarContext';
import { UserMenu } from './UserMenu';

const useStyles = makeStyles({
  bar: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    height: '56px',
    padding: '0 16px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  spacer: { flexGrow: 1 },
});

export function TopBar() {
  const styles = useStyles();
  const { toggle, expanded, isMobile } = useSidebar();
  const label = isMobile ? 'Open menu' : expanded ? 'Collapse sidebar' : 'Expand sidebar';
  const icon = isMobile ? <NavigationRegular /> : expanded ? <PanelLeftContractRegular /> : <PanelLeftExpandRegular />;
  return (
    <header className={styles.bar}>
      <Button appearance="subtle" icon={icon} aria-label={label} title={`${label} (Ctrl+B)`} onClick={toggle} />
      <div className={styles.spacer} />
      <ThemeToggleButton />
      <UserMenu />
    </header>
  );
}
