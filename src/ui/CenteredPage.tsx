import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '16px',
    padding: '24px',
    textAlign: 'center',
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
    boxSizing: 'border-box',
  },
});

/** Full-page centred layout for startup and system screens. */
export function CenteredPage({ children, label }: { children: ReactNode; label?: string }) {
  const styles = useStyles();
  return (
    <main className={styles.root} aria-label={label}>
      {children}
    </main>
  );
}
