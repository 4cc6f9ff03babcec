import { Button, Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { DEFAULT_COPY } from './states';
import { fillTemplate } from '../format/template';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalS,
    minHeight: '120px',
    padding: tokens.spacingVerticalL,
    textAlign: 'center',
  },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingVerticalS },
});

export function LoadingState({ label }: { label: string }) {
  const s = useStyles();
  return (
    <Skeleton className={s.skeleton} aria-label={label} aria-busy="true" role="progressbar">
      <SkeletonItem size={24} />
      <SkeletonItem size={16} />
      <SkeletonItem size={16} />
    </Skeleton>
  );
}

/** Error copy may name the failure with a {message} placeholder ('Error loading AI providers data: {message}'). */
export function ErrorState({ copy, onRetry, message }: { copy: (typeof DEFAULT_COPY)['error']; onRetry: () => void; message?: string }) {
  const s = useStyles();
  const fill = (text: string) => fillTemplate(text, { message: message ?? '' });
  return (
    <div className={s.box} role="alert">
      <Text weight="semibold" className={s.error}>{fill(copy.title)}</Text>
      {copy.message && <Text size={200} className={s.muted}>{fill(copy.message)}</Text>}
      <Button appearance="secondary" onClick={onRetry}>Retry</Button>
    </div>
  );
}

export function EmptyState({ copy }: { copy: (typeof DEFAULT_COPY)['empty'] }) {
  const s = useStyles();
  return (
    <div className={s.box} role="status">
      <Text weight="semibold">{copy.title}</Text>
      {copy.message && <Text size={200} className={s.muted}>{copy.message}</Text>}
    </div>
  );
}
