import { GENERATED_AVATAR_MARKER } from '@retouch/shared/constants';
import {
  PermissionSign,
  hasPermission,
  heldRoleTitle,
  type PermissionEntry,
} from '@retouch/shared/permissions';
import type { UserInfo } from '@retouch/shared/users';

interface PresentableUser {
  id: string;
  email: string;
  giveName: string;
  familyName: string;
  picture: string | null;
  roleTitle: string;
  customPermissions: boolean;
  balanceMain: number;
  balanceBonus: number;
  createdAt: Date;
}

/** The generated avatar's path; it carries the specification's generated-avatar marker. */
function generatedAvatarPath(userId: string): string {
  return `/api/avatars/${GENERATED_AVATAR_MARKER}/${userId}.svg`;
}

/** The user as the API answers it (field names of the specification). */
export function toUserInfo(user: PresentableUser, permissions: readonly PermissionEntry[]): UserInfo {
  return {
    _id: user.id,
    email: user.email,
    name: { giveName: user.giveName, familyName: user.familyName },
    picture: user.picture ?? generatedAvatarPath(user.id),
    role: { title: heldRoleTitle(user.roleTitle, user.customPermissions) },
    balance: { main: user.balanceMain, bonus: user.balanceBonus },
    isAdmin: hasPermission(permissions, PermissionSign.showAdmin),
    createdAt: user.createdAt.toISOString(),
  };
}
