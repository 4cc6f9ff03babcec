import {
  Avatar,
  Button,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Suspense, lazy, useState } from 'react';
import { AddRegular, ArrowUpRegular, CheckmarkRegular, ChevronUpDownRegular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../session/SessionContext';
import { HOME_ROUTE } from '../session/loginUrl';
import { BILLING_SETTINGS_ROUTE, BRAND_NAME_MAX_DESKTOP, BRAND_NAME_MAX_MOBILE } from './constants';
import { truncateName } from './truncate';

export const ADD_BRAND_ROUTE = '/app/add-brand';

// The Add Brand wizard (the add-brand page's wizard in a dialog) loads on first use only.
const AddBrandDialog = lazy(() => import('../host/AddBrandDialog'));
export const UPGRADE_TOOLTIP = "You've used your limit. Upgrade your plan to track more brands.";

const useStyles = makeStyles({
  trigger: { width: '100%', justifyContent: 'flex-start', minHeight: '44px', gap: '8px' },
  name: { flexGrow: 1, textAlign: 'left', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' },
  placeholder: { color: tokens.colorNeutralForeground3 },
  check: { marginLeft: 'auto', color: tokens.colorBrandForeground1 },
});

export interface BrandSwitcherProps {
  isMobile: boolean;
  /** Icons-only sidebar: the trigger shows just the brand's avatar. */
  compact?: boolean;
  /** Called after a choice (mobile: closes the panel). */
  onNavigate?: () => void;
}

export function BrandSwitcher({ isMobile, compact = false, onNavigate }: BrandSwitcherProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { brands, selectedBrand, selectBrand, canAddBrand, refresh } = useSession();
  const [adding, setAdding] = useState(false);
  const max = isMobile ? BRAND_NAME_MAX_MOBILE : BRAND_NAME_MAX_DESKTOP;

  const go = (to: string) => {
    navigate(to);
    onNavigate?.();
  };

  return (
    <>
    <Menu positioning={{ position: 'below', align: 'start' }}>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          className={styles.trigger}
          aria-label={selectedBrand ? `Brand: ${selectedBrand.name}` : 'Choose a project...'}
          icon={<Avatar size={28} shape="square" color="brand" name={selectedBrand?.name} initials={selectedBrand ? undefined : '?'} />}
        >
          {compact ? null : (
            <>
              <span className={`${styles.name} ${selectedBrand ? '' : styles.placeholder}`}>
                {selectedBrand ? truncateName(selectedBrand.name, max) : 'Choose a project...'}
              </span>
              <ChevronUpDownRegular />
            </>
          )}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>Your Brands</MenuGroupHeader>
            {brands.map((brand) => (
              <MenuItem
                key={brand.id}
                icon={<Avatar size={20} shape="square" color="colorful" name={brand.name} />}
                onClick={() => {
                  selectBrand(brand.id);
                  go(HOME_ROUTE);
                }}
                secondaryContent={
                  brand.id === selectedBrand?.id ? <CheckmarkRegular className={styles.check} aria-label="Selected" /> : undefined
                }
              >
                {truncateName(brand.name, max)}
              </MenuItem>
            ))}
          </MenuGroup>
          <MenuDivider />
          {canAddBrand ? (
            // a dialog over the current screen (the mobile panel stays open under it)
            <MenuItem icon={<AddRegular />} onClick={() => setAdding(true)}>
              Add Brand
            </MenuItem>
          ) : (
            <Tooltip content={UPGRADE_TOOLTIP} relationship="description" positioning="after">
              <MenuItem icon={<ArrowUpRegular />} onClick={() => go(BILLING_SETTINGS_ROUTE)}>
                Upgrade Plan
              </MenuItem>
            </Tooltip>
          )}
        </MenuList>
      </MenuPopover>
    </Menu>
    {adding && (
      <Suspense fallback={null}>
        <AddBrandDialog onClose={() => setAdding(false)} onSuccess={() => void refresh()} />
      </Suspense>
    )}
    </>
  );
}
