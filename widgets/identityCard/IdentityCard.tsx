import { useContext } from 'react';
import { Avatar, Badge, Text, makeStyles, tokens } from '@fluentui/react-components';
import { PageContext, resolveValue, type WidgetProps } from '../../engine';
import type { IdentityCardConfig } from './config.generated';

// Who a page is about (the signed-in user on Settings): picture (initials without one), name,
// a role badge and a secondary line such as the email; each bound, with fallback copy.

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, minWidth: 0 },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  nameRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  secondary: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : null;
}

export default function IdentityCard({ config }: WidgetProps<IdentityCardConfig>) {
  const styles = useStyles();
  const ctx = usePageBindings();
  const name = text(resolveValue(config.name.value, ctx)) ?? config.name.fallback ?? '';
  const picture = config.picture ? text(resolveValue(config.picture, ctx)) : null;
  const badge = config.badge ? text(resolveValue(config.badge.value, ctx)) ?? config.badge.fallback : null;
  const secondary = config.secondary ? text(resolveValue(config.secondary.value, ctx)) ?? config.secondary.fallback ?? null : null;
  return (
    <div className={styles.root} data-testid="identity-card">
      <Avatar size={64} name={name} image={picture ? { src: picture, alt: '' } : undefined} color="colorful" />
      <div className={styles.text}>
        <span className={styles.nameRow}>
          <Text as="h2" size={500} weight="semibold" style={{ margin: 0 }} data-testid="identity-name">{name}</Text>
          {badge && (
            <Badge appearance="tint" color={config.badge?.color ?? 'brand'} data-testid="identity-badge">
              {capitalise(badge)}
            </Badge>
          )}
        </span>
        {secondary && <Text className={styles.secondary} data-testid="identity-secondary">{secondary}</Text>}
      </div>
    </div>
  );
}

/** 'admin' → 'Admin' (roles are stored lower-case). */
export function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

function usePageBindings() {
  return useContext(PageContext)?.bindings ?? {};
}
