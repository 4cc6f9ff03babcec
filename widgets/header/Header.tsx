import { useContext } from 'react';
import { Avatar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { PageContext } from '../../engine/runtime/PageContext';
import { useTemplate } from '../../engine/runtime/WidgetHost';
import type { WidgetConfig } from '../../engine/runtime/types';
import type { WidgetProps } from '../types';

// Page heading: the title, the selected brand's logo (initials when it has none) and name, and an
// optional subtitle such as 'Latest data updated on {lastRun}'.
export interface HeaderConfig extends WidgetConfig {
  title: string;
  brand?: boolean;
  subtitle?: string;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightSemibold },
  brand: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  subtitle: { color: tokens.colorNeutralForeground3 },
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
  return (
    <header className={styles.root}>
      <div className={styles.row}>
        <h1 className={styles.title}>{fill(config.title)}</h1>
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
            <Text size={500} weight="semibold">{brand.name}</Text>
          </span>
        )}
      </div>
      {config.subtitle && <Text className={styles.subtitle}>{fill(config.subtitle)}</Text>}
    </header>
  );
}
