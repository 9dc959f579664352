import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  ControlOutlined,
  DollarOutlined,
  HighlightOutlined,
  HomeOutlined,
  KeyOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  StopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import {
  hasPermission,
  PermissionSign,
  type PermissionEntry,
  type PermissionSignValue,
} from '@retouch/shared/permissions';
import { AuditText } from '@retouch/shared/audit';
import { AdminText } from '@retouch/shared/texts';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { AdminShellText } from '../texts';

/** A page under a row's screen that shows one record, such as an order's details. */
interface AdminChildRoute {
  /** The route pattern, with the record's id as the parameter `:id`. */
  path: string;
  /** What the record is, written before its id in the breadcrumb and the title: 'Заказ'. */
  label: string;
}

export interface AdminMenuItem {
  key: string;
  path: string;
  label: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean }>;
  /** The permission that shows the item (back office section 6); none: every staff member sees it. */
  sign?: PermissionSignValue;
  /** Other pages of the row's screen, marked with it: an order's details with the orders. */
  childRoutes?: readonly AdminChildRoute[];
}

/** The back office's start page: the first row, and the first crumb of every other page. */
export const ADMIN_HOME_ITEM: AdminMenuItem = {
  key: 'home',
  path: '/admin',
  label: AdminText.home,
  icon: HomeOutlined,
};

/** The sidebar, one row per admin screen that exists. */
export const ADMIN_MENU_ITEMS: readonly AdminMenuItem[] = [
  ADMIN_HOME_ITEM,
  {
    key: 'orders',
    path: '/admin/orders',
    label: AdminText.menuOrders,
    icon: ShoppingCartOutlined,
    sign: PermissionSign.lookOrders,
    childRoutes: [{ path: '/admin/info/order/:id', label: AdminShellText.orderCrumb }],
  },
  {
    key: 'user-management',
    path: '/admin/user-management',
    label: AdminText.menuUsers,
    icon: TeamOutlined,
    sign: PermissionSign.lookUsers,
  },
  {
    key: 'roles',
    path: '/admin/roles',
    label: AdminText.menuRoles,
    icon: KeyOutlined,
    sign: PermissionSign.editUsers,
  },
  {
    key: 'audit',
    path: '/admin/audit',
    label: AuditText.screenTitle,
    icon: AuditOutlined,
    sign: PermissionSign.lookUsers,
  },
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
    key: 'site-settings',
    path: '/admin/site-settings',
    label: AdminText.menuSiteSettings,
    icon: SettingOutlined,
    sign: PermissionSign.editSite,
  },
  {
    key: 'analytics',
    path: '/admin/analytics',
    label: AdminText.menuAnalytics,
    icon: BarChartOutlined,
    sign: PermissionSign.cabinetDesigner,
  },
  {
    key: 'design',
    path: '/admin/design',
    label: AdminText.menuDesigner,
    icon: HighlightOutlined,
    sign: PermissionSign.cabinetDesigner,
  },
  {
    // The specification shows the moderator cabinet with cabinetDesigner (section 6); its calls need
    // cabinetModer, which the screen reports when missing.
    key: 'moder',
    path: '/admin/moder',
    label: AdminText.menuModerator,
    icon: SafetyCertificateOutlined,
    sign: PermissionSign.cabinetDesigner,
  },
];

/** The rows the permissions allow. */
export function visibleMenuItems(permissions: readonly PermissionEntry[]): AdminMenuItem[] {
  return ADMIN_MENU_ITEMS.filter((item) => item.sign === undefined || hasPermission(permissions, item.sign));
}

/**
 * The row of the screen at `pathname`: its path or one of its child routes. Not a prefix match: every
 * path starts with the home row's /admin, which an order's details or an unknown page are not.
 */
export function selectedMenuKey(items: readonly AdminMenuItem[], pathname: string): string | undefined {
  return items.find((item) =>
    [item.path, ...(item.childRoutes ?? []).map((child) => child.path)].some(
      (route) => matchPath(route, pathname) !== null,
    ),
  )?.key;
}
