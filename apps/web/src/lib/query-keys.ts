/** Query keys shared by features that read or update the same server state. */
export const queryKeys = {
  userInfo: ['user', 'info'],
  userPermissions: ['user', 'permissions'],
  confirmEmail: (search: string) => ['email', 'confirm', search],
  /** `GET /api/services`: the public catalogue (portfolio, editor). */
  publicServices: ['services', 'public'],
  /** `GET /api/admin/services`. */
  adminGroups: ['catalog', 'admin-groups'],
  /** `GET /api/admin/services/degree`: read by the degree screen and the service form. */
  degrees: ['catalog', 'degrees'],
  optionTemplates: ['catalog', 'option-templates'],
  /** `GET /api/admin/services/titles`: the catalogue's Russian titles (designer cabinet). */
  catalogTitles: ['catalog', 'titles'],
  /** `GET /api/orders/user/`: the customer's order history; a page's key appends its query. */
  userOrders: ['orders', 'user'],
  /** `GET /api/orders/reason`. */
  refusalReasons: ['orders', 'reason'],
  /** `GET /api/system/order/overload`: whether work may be delayed (editor). */
  orderOverload: ['system', 'order', 'overload'],
  /** `GET /api/user/person-profiles`: the customer's person profiles (profile page, editor). */
  personProfiles: ['user', 'person-profiles'],
  /** `GET /api/products`: the token packages (buy dialog, packages screen). */
  products: ['products'],
  /** `GET /api/executor/shift`: the staff member's open shift (top bar, designer cabinet). */
  shift: ['executor', 'shift'],
  /** `GET /api/analytics/user` for today: the designer cabinet's earnings of the day. */
  earnedToday: ['analytics', 'user', 'today'],
  /** `GET /api/payment/config`: the card provider and its public key. */
  paymentConfig: ['payment', 'config'],
  /** `GET /api/admin/orders/`: the orders table; a page's key appends its query. */
  adminOrders: ['admin', 'orders'],
  /** `GET /api/admin/orders/order/{id}`. */
  adminOrder: (id: string) => ['admin', 'orders', 'order', id],
  /** `GET /api/admin/orders/user/{clientId}`: a client's orders in the order details. */
  clientOrders: (clientId: string) => ['admin', 'orders', 'user', clientId],
  /** `GET /api/admin/user/info/{clientId}`. */
  adminUserInfo: (clientId: string) => ['admin', 'user', 'info', clientId],
  /** `GET /api/admin/users`: the users table; a page's key appends its query. */
  adminUsers: ['admin', 'users'],
  /** `GET /api/admin/permissions/role` and a role's `GET /api/admin/permissions/role/{id}`. */
  roles: ['admin', 'roles'],
  role: (id: string) => ['admin', 'roles', id],
  /** `GET /api/admin/permissions/user/{userId}`: another user's permissions. */
  permissionsOf: (userId: string) => ['admin', 'permissions', userId],
  /** `GET /api/admin/system/settings`. */
  systemSettings: ['admin', 'system', 'settings'],
  /** `GET /api/user/notifications`: the customer's e-mail switch (profile). */
  notificationSettings: ['user', 'notifications'],
  /** `GET /api/analytics/user[/{userId}]`: the analytics screen; the key appends the user and range. */
  analytics: ['analytics', 'user'],
  /** `GET /api/admin/dashboard`: the figures under the greeting of /admin. */
  dashboard: ['admin', 'dashboard'],
  /** `GET /api/admin/audit`: the audit log; a page's key appends its query (filter and page). */
  audit: ['admin', 'audit'],
} as const;
