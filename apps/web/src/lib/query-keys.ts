/** Query keys shared by features that read or update the same server state. */
export const queryKeys = {
  userInfo: ['user', 'info'],
  userPermissions: ['user', 'permissions'],
  confirmEmail: (search: string) => ['email', 'confirm', search],
} as const;
