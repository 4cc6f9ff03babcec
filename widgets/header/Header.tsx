import { useContext } from 'react';
import { Avatar, Badge, Text, makeStyles, tokens } from '@fluentui/react-components';
import { PageContext, resolveValue, type WidgetProps, useTemplate } from '../../engine';
import type { HeaderConfig } from './config.generated';

// Page heading: the title, the selected brand's logo (initials when it has none) and name, and an
// optional subtitle such as 'Latest data updated on {lastRun}'; a status badge (a bound value looked
// up in a map: Active / Stopped) and a line of facts ('Total responses', 'Last modified').
type BadgeColor = 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
interface BadgeLabel {
  label: string;
  color?: BadgeColor;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, fontWeight: tokens.fontWeightSemibold },
  brand: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  subtitle: { color: tokens.colorNeutralForeground3 },
  facts: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXXL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  fact: { display: 'flex', gap: tokens.spacingHorizontalXS },
  factLabel: { color: tokens.colorNeutralForeground3, margin: 0 },
  factValue: { margin: 0, fontWeight: tokens.fontWeightSemibold },
});

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  return (words.length === 1 ? words[0].slice(0, 2) : words[0][0] + words[1][0]).toUpperCase();
}

export default function Header({ config }: WidgetProps<HeaderConfig>) {
  const styles = useStyles();
  const page = useContext(PageContext);
  const fill = useTemplate(config);
  const brand = page?.bindings.brand as { name?: string; logoUrl?: string | null } | null | undefined;
  // a long brand name is cut in the heading (15 characters by default)
  const brandMax = config.brandMaxLength ?? 15;
  let badge: BadgeLabel | undefined;
  if (config.badge) {
    const raw = resolveValue(config.badge.value, page?.bindings ?? {});
    badge = (raw !== null && Object.hasOwn(config.badge.map, String(raw)) ? config.badge.map[String(raw)] : undefined) ?? config.badge.default;
  }
  return (
    <header className={styles.root}>
      <div className={styles.row}>
        <h1 className={styles.title}>{fill(config.title)}</h1>
        {badge && (
          <Badge appearance="tint" color={badge.color ?? 'informative'} data-testid="header-badge">
            {badge.label}
          </Badge>
        )}
        {config.brand !== false && brand?.name && (
          <span className={styles.brand} data-testid="header-brand">
            <Avatar
              size={28}
              shape="square"
              name={brand.name}
              initials={initialsOf(brand.name)}
              image={brand.logoUrl ? { src: brand.logoUrl, alt: `${brand.name} logo` } : undefined}
              aria-hidden={!brand.logoUrl}
            />
            <Text size={500} weight="semibold" title={brand.name.length > brandMax ? brand.name : undefined}>
              {brand.name.length > brandMax ? `${brand.name.slice(0, brandMax)}…` : brand.name}
            </Text>
          </span>
        )}
      </div>
      {config.subtitle && <Text className={styles.subtitle}>{fill(config.subtitle)}</Text>}
      {config.facts && (
        <dl className={styles.facts}>
          {config.facts.map((fact) => (
            <div key={fact.label} className={styles.fact}>
              <dt className={styles.factLabel}>{fact.label}:</dt>
              <dd className={styles.factValue}>{fill(fact.value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </header>
  );
}
