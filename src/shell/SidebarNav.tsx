import { Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { NavLink } from 'react-router-dom';
import type { NavItem } from './navItems';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    width: '100%',
    minHeight: '36px',
    padding: '6px 10px',
    boxSizing: 'border-box',
    borderRadius: tokens.borderRadiusMedium,
    border: 'none',
    background: 'transparent',
    color: tokens.colorNeutralForeground2,
    textDecoration: 'none',
    fontSize: tokens.fontSizeBase300,
    fontFamily: 'inherit',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
  },
  compact: { justifyContent: 'center', padding: '6px 0' },
  active: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
  },
  icon: { fontSize: '20px', flexShrink: 0 },
});

export interface SidebarNavProps {
  items: NavItem[];
  compact: boolean;
  onNavigate?: () => void;
  label: string;
}

/** A list of sidebar entries; icons only (with tooltips) when compact. */
export function SidebarNav({ items, compact, onNavigate, label }: SidebarNavProps) {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label={label}>
      {items.map((item) => {
        const Icon = item.icon;
        const content = (
          <>
            <Icon className={styles.icon} aria-hidden />
            {compact ? null : <span>{item.label}</span>}
          </>
        );
        const link = item.to ? (
          <NavLink
            to={item.to}
            aria-label={compact ? item.label : undefined}
            className={({ isActive }) => mergeClasses(styles.item, compact && styles.compact, isActive && styles.active)}
            onClick={onNavigate}
          >
            {content}
          </NavLink>
        ) : (
          <button
            type="button"
            aria-label={compact ? item.label : undefined}
            className={mergeClasses(styles.item, compact && styles.compact)}
            onClick={onNavigate}
          >
            {content}
          </button>
        );
        return (
          <li key={item.label}>
            {compact ? (
              <Tooltip content={item.label} relationship="description" positioning="after">
                {link}
              </Tooltip>
            ) : (
              link
            )}
          </li>
        );
      })}
    </ul>
  );
}
