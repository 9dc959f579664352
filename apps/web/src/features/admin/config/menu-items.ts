import {
  AppstoreOutlined,
  ControlOutlined,
  DollarOutlined,
  HighlightOutlined,
  HomeOutlined,
  StopOutlined,
} from '@ant-design/icons';
import {
  hasPermission,
  PermissionSign,
  type PermissionEntry,
  type PermissionSignValue,
} from '@retouch/shared/permissions';
import { AdminText } from '@retouch/shared/texts';
import type { ComponentType } from 'react';

export interface AdminMenuItem {
  key: string;
  path: string;
  label: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean }>;
  /** The permission that shows the item (back office section 6); none: every staff member sees it. */
  sign?: PermissionSignValue;
}

/** The sidebar, one row per admin screen that exists. */
export const ADMIN_MENU_ITEMS: readonly AdminMenuItem[] = [
  { key: 'home', path: '/admin', label: AdminText.home, icon: HomeOutlined },
  {
    key: 'slider',
    path: '/admin/slider',
    label: AdminText.menuServices,
    icon: AppstoreOutlined,
    sign: PermissionSign.editServices,
  },
  {
    key: 'degree-action',
    path: '/admin/degree-action',
    label: AdminText.menuDegrees,
    icon: ControlOutlined,
    sign: PermissionSign.editServices,
  },
  {
    key: 'reason-refusal',
    path: '/admin/reason-refusal',
    label: AdminText.menuReasons,
    icon: StopOutlined,
    sign: PermissionSign.editServices,
  },
  {
    key: 'pay-config',
    path: '/admin/pay-config',
    label: AdminText.menuPackages,
    icon: DollarOutlined,
    sign: PermissionSign.editPayConfig,
  },
  {
    key: 'design',
    path: '/admin/design',
    label: AdminText.menuDesigner,
    icon: HighlightOutlined,
    sign: PermissionSign.cabinetDesigner,
  },
];

/** The rows the permissions allow. */
export function visibleMenuItems(permissions: readonly PermissionEntry[]): AdminMenuItem[] {
  return ADMIN_MENU_ITEMS.filter((item) => item.sign === undefined || hasPermission(permissions, item.sign));
}

/** The row whose path is the longest prefix of the current path. */
export function selectedMenuKey(items: readonly AdminMenuItem[], pathname: string): string | undefined {
  const matches = items.filter((item) => pathname === item.path || pathname.startsWith(`${item.path}/`));
  return matches.sort((a, b) => b.path.length - a.path.length)[0]?.key;
}
