import { makeStyles, tokens } from '@fluentui/react-components';
import { Outlet } from 'react-router-dom';
import { Sidebar } from './Sidebar';
import { SidebarProvider } from './SidebarContext';
import { TopBar } from './TopBar';
import { ScreenBoundary } from './ScreenBoundary';
import { useBrandFromAddress } from './useBrandFromAddress';

const useStyles = makeStyles({
  root: { display: 'flex', minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  main: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  content: { flexGrow: 1, minWidth: 0 },
});

/** Sidebar + top bar around every /app screen. */
export function AppShell() {
  const styles = useStyles();
  useBrandFromAddress();
  return (
    <SidebarProvider>
      <div className={styles.root}>
        <Sidebar />
        <div className={styles.main}>
          <TopBar />
          <main className={styles.content} id="main-content">
            <ScreenBoundary>
              <Outlet />
            </ScreenBoundary>
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}
