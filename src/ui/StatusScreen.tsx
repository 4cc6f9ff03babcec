import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Text, Title2, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalXXL,
    boxSizing: 'border-box',
    minHeight: '60vh',
  },
  full: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  card: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    maxWidth: '480px',
    width: '100%',
    padding: tokens.spacingHorizontalXXL,
    textAlign: 'center',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', justifyContent: 'center' },
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '32px',
    padding: `0 ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

/**
 * A screen that is a message (404, a screen not built yet, a screen that failed): a centred card
 * with a heading, a line of explanation and a way back. `full`: outside the app shell, it fills
 * the window and is the page's main landmark.
 */
export function StatusScreen({
  title,
  message,
  back = { to: '/app/home', label: 'Back to Overview' },
  actions,
  full = false,
  testId,
}: {
  title: string;
  message?: string;
  back?: { to: string; label: string } | null;
  actions?: ReactNode;
  full?: boolean;
  testId?: string;
}) {
  const s = useStyles();
  const Root = full ? 'main' : 'section';
  return (
    <Root className={full ? `${s.root} ${s.full}` : s.root} aria-label={title} data-testid={testId}>
      <div className={s.card}>
        <Title2 as="h1">{title}</Title2>
        {message && <Text className={s.muted}>{message}</Text>}
        <div className={s.actions}>
          {actions}
          {back && (
            <RouterLink className={s.link} to={back.to}>
              {back.label}
            </RouterLink>
          )}
        </div>
      </div>
    </Root>
  );
}
