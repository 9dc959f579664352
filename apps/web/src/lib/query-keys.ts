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
  /** `GET /api/orders/user/`: the customer's order history; a page's key appends its query. */
  userOrders: ['orders', 'user'],
  /** `GET /api/orders/reason`. */
  refusalReasons: ['orders', 'reason'],
  /** `GET /api/system/order/overload`: whether work may be delayed (editor). */
  orderOverload: ['system', 'order', 'overload'],
  /** `GET /api/products`: the token packages (buy dialog, packages screen). */
  products: ['products'],
  /** `GET /api/executor/shift`: the staff member's open shift (top bar, designer cabinet). */
  shift: ['executor', 'shift'],
  /** `GET /api/analytics/user` for today: the designer cabinet's earnings of the day. */
  earnedToday: ['analytics', 'user', 'today'],
  /** `GET /api/payment/config`: the card provider and its public key. */
  paymentConfig: ['payment', 'config'],
} as const;
