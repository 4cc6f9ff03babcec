import { makeStyles, tokens } from '@fluentui/react-components';

// A locked widget ("locked": true) keeps its place and title but shows no data: a blurred
// placeholder under a lock. The placeholder is inert and hidden from screen readers (it is not real
// content), and the lock says so in words.

const useStyles = makeStyles({
  root: { position: 'relative', minHeight: '96px', flexGrow: 1 },
  blurred: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalS,
    filter: 'blur(6px)',
    userSelect: 'none',
    pointerEvents: 'none',
  },
  big: { height: '28px', width: '45%', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralForeground3 },
  line: { height: '12px', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralStroke1 },
  lock: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalXS,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
  },
  badge: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '36px',
    height: '36px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    color: tokens.colorBrandForeground1,
  },
});

export const LOCKED_LABEL = 'Locked';

export function LockIcon({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M10 2a4 4 0 0 0-4 4v2H5.5A1.5 1.5 0 0 0 4 9.5v7A1.5 1.5 0 0 0 5.5 18h9a1.5 1.5 0 0 0 1.5-1.5v-7A1.5 1.5 0 0 0 14.5 8H14V6a4 4 0 0 0-4-4Zm-2.5 4a2.5 2.5 0 0 1 5 0v2h-5V6Zm2.5 5a1.25 1.25 0 0 1 .75 2.25V15a.75.75 0 0 1-1.5 0v-1.75A1.25 1.25 0 0 1 10 11Z"
      />
    </svg>
  );
}

export function LockedContent() {
  const s = useStyles();
  return (
    <div className={s.root} data-locked="true">
      <div className={s.blurred} aria-hidden="true" inert data-testid="locked-placeholder">
        <div className={s.big} />
        <div className={s.line} style={{ width: '80%' }} />
        <div className={s.line} style={{ width: '60%' }} />
      </div>
      <div className={s.lock} role="img" aria-label={LOCKED_LABEL}>
        <span className={s.badge}>
          <LockIcon />
        </span>
      </div>
    </div>
  );
}
