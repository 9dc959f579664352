import type { PermissionEntry } from '@retouch/shared/permissions';
import { isStaffRole } from '@retouch/shared/permissions';
import type { UserInfo } from '@retouch/shared/users';
import { useUserInfo } from './get-user-info';
import { permissionsLoadStatus, useUserPermissions } from './get-user-permissions';
import { useSessionFlags } from './session-flags';

export interface Session {
  loggedIn: boolean;
  /** The admin marker kept in localStorage. */
  isAdmin: boolean;
  user: UserInfo | null;
  /** True while the user of a logged-in session is being loaded. */
  isLoading: boolean;
  /** The user could not be loaded for another reason than an ended session. */
  isError: boolean;
  refetch: () => void;
  isStaff: boolean;
  permissions: readonly PermissionEntry[];
  permissionsLoading: boolean;
  /** The permissions could not be loaded: the status code the load returned (null without an answer). */
  permissionsFailure: { status: number | null } | null;
  reloadPermissions: () => void;
}

const noPermissions: readonly PermissionEntry[] = [];

/** The client-side session: local flags, the user from the server and, for staff, the permissions. */
export function useSession(): Session {
  const { loggedIn, isAdmin } = useSessionFlags();
  const userQuery = useUserInfo(loggedIn);
  const user = loggedIn ? (userQuery.data ?? null) : null;
  const isStaff = user !== null && isStaffRole(user.role.title);
  const permissionsQuery = useUserPermissions(isStaff);
  return {
    loggedIn,
    isAdmin,
    user,
    isLoading: loggedIn && userQuery.isPending,
    isError: loggedIn && userQuery.isError,
    refetch: () => void userQuery.refetch(),
    isStaff,
    permissions: isStaff ? (permissionsQuery.data ?? noPermissions) : noPermissions,
    permissionsLoading: isStaff && permissionsQuery.isPending,
    permissionsFailure:
      isStaff && permissionsQuery.isError ? { status: permissionsLoadStatus(permissionsQuery.error) } : null,
    reloadPermissions: () => void permissionsQuery.refetch(),
  };
}
