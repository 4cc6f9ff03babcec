import {
  Avatar,
  Button,
  Menu,
  MenuDivider,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { PersonRegular, SettingsRegular, SignOutRegular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../session/SessionContext';
import { initialsOf } from './truncate';

const useStyles = makeStyles({
  header: { display: 'flex', gap: '10px', alignItems: 'center', padding: '8px 10px' },
  who: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  email: { color: tokens.colorNeutralForeground3 },
});

export const PROFILE_ROUTE = '/app/profile';
export const SETTINGS_ROUTE = '/app/settings';

/** Avatar (picture or initials) with name, email, and profile / settings / logout. */
export function UserMenu() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { user, logout } = useSession();
  if (!user) return null;
  const name = user.name || user.email || 'User';
  const avatar = (size: 28 | 36) => (
    <Avatar size={size} name={name} initials={initialsOf(name)} image={user.profilePicture ? { src: user.profilePicture } : undefined} color="brand" />
  );

  return (
    <Menu positioning={{ position: 'below', align: 'end' }}>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" shape="circular" aria-label="User menu" icon={avatar(28)} />
      </MenuTrigger>
      <MenuPopover>
        <MenuGroupHeader className={styles.header}>
          {avatar(36)}
          <span className={styles.who}>
            <Text weight="semibold" truncate wrap={false}>
              {name}
            </Text>
            {user.email ? (
              <Text size={200} className={styles.email} truncate wrap={false}>
                {user.email}
              </Text>
            ) : null}
          </span>
        </MenuGroupHeader>
        <MenuDivider />
        <MenuList>
          <MenuItem icon={<PersonRegular />} onClick={() => navigate(PROFILE_ROUTE)}>
            View Profile
          </MenuItem>
          <MenuItem icon={<SettingsRegular />} onClick={() => navigate(SETTINGS_ROUTE)}>
            Settings
          </MenuItem>
          <MenuDivider />
          <MenuItem icon={<SignOutRegular />} onClick={() => logout(window.location.origin)}>
            Logout
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
