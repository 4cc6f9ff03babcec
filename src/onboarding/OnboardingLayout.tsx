import type { ReactNode } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { LockOpenRegular, SignOutRegular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../session/SessionContext';
import { ThemeToggleButton } from '../theme/ThemeToggleButton';
import { Logo } from '../ui/Logo';
import { ROUTES } from '../app/routePaths';

/** The two frames of the screens outside /app: 'onboarding' (wizard, snapshot) and 'pricing'. */
export type OnboardingShell = 'onboarding' | 'pricing';

export const UNLOCK_LABEL = 'Unlock full insights';
export const BRAND_NAME = 'Answerscope';

const useStyles = makeStyles({
  frame: { minHeight: '100vh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground2 },
  bar: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    height: '56px',
    padding: `0 ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  spacer: { flexGrow: 1 },
  main: { flexGrow: 1, width: '100%', maxWidth: '1200px', margin: '0 auto', boxSizing: 'border-box', minWidth: 0 },
  footer: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * Frame of the onboarding screens: a top bar with the logo, the theme toggle and Logout (back to
 * the site's home once signed out), the screen, and a footer. The onboarding footer leads to the
 * plans ('Unlock full insights'); the pricing footer, already on the plans, shows the brand and a
 * copyright line instead.
 */
export function OnboardingLayout({ shell, children }: { shell: OnboardingShell; children: ReactNode }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { logout } = useSession();
  return (
    <div className={styles.frame} data-shell={shell}>
      <header className={styles.bar}>
        <Logo size={28} withName />
        <div className={styles.spacer} />
        <ThemeToggleButton />
        <Button appearance="subtle" icon={<SignOutRegular />} onClick={() => logout(`${window.location.origin}${ROUTES.home}`)}>
          Logout
        </Button>
      </header>
      <main id="main-content" className={styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        {shell === 'pricing' ? (
          <>
            <Logo size={20} withName />
            <Text size={200} className={styles.muted}>
              © {new Date().getFullYear()} {BRAND_NAME}. All rights reserved.
            </Text>
          </>
        ) : (
          <Button appearance="primary" icon={<LockOpenRegular />} onClick={() => navigate(ROUTES.onboardingPlans)}>
            {UNLOCK_LABEL}
          </Button>
        )}
      </footer>
    </div>
  );
}
