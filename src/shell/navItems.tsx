import type { FluentIcon } from '@fluentui/react-icons';
import {
  BuildingMultipleRegular,
  ChatMultipleRegular,
  CodeRegular,
  GlobeRegular,
  HomeRegular,
  QuestionCircleRegular,
  SettingsRegular,
} from '@fluentui/react-icons';

export interface NavItem {
  label: string;
  icon: FluentIcon;
  /** No route: the item is shown but does not navigate (Help Center). */
  to?: string;
}

export const MAIN_MENU_LABEL = 'Main Menu';

export const MAIN_MENU: NavItem[] = [
  { label: 'Overview', icon: HomeRegular, to: '/app/home' },
  { label: 'Prompts Monitor', icon: ChatMultipleRegular, to: '/app/prompts' },
  { label: 'Competitors', icon: BuildingMultipleRegular, to: '/app/competitors' },
  { label: 'Sources', icon: GlobeRegular, to: '/app/sources' },
];

export const LOWER_MENU: NavItem[] = [
  { label: 'Settings', icon: SettingsRegular, to: '/app/settings' },
  { label: 'Help Center', icon: QuestionCircleRegular },
];

/** Shown to staff only (users.role 'staff'): the page studio. */
export const STAFF_MENU: NavItem[] = [{ label: 'Page Studio', icon: CodeRegular, to: '/studio' }];
