import { AVATAR_SIZE } from '@retouch/shared/constants';
import { ServerText } from '@retouch/shared/texts';
import type { PermissionEntry } from '@retouch/shared/permissions';
import type { Name, UserInfo } from '@retouch/shared/users';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { prepareImage } from '../../lib/images';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { refuseCommonPassword } from '../../lib/common-passwords';
import { publicFilePath, storageKeyFromPath, type Storage } from '../../storage/storage';
import { revokeSessionsOf } from './admin-users.repository';
import { findLiveUser, findUserById, updateUser } from './users.repository';
import { toUserInfo } from './users.presenter';

export interface UsersDeps {
  db: Database;
  clock: Clock;
  storage: Storage;
}

/** Changes the password after checking the old one; the user's other sessions end, and are answered. */
export async function changePassword(
  deps: UsersDeps,
  identity: { userId: string; sessionId: string },
  oldPassword: string,
  password: string,
): Promise<{ endedSessionIds: string[] }> {
  const user = await findUserById(deps.db, identity.userId);
  if (!user) throw AppError.unauthorized();
  if (!user.passwordHash) throw AppError.badRequest(ServerText.passwordNotSet);
  if (!(await verifyPassword(user.passwordHash, oldPassword)))
    throw AppError.badRequest(ServerText.oldPasswordWrong);
  refuseCommonPassword(password);
  const passwordHash = await hashPassword(password);
  const endedSessionIds = await deps.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    return revokeSessionsOf(tx, user.id, deps.clock.now(), identity.sessionId);
  });
  return { endedSessionIds };
}

/** Renames the user and, when an image comes, stores it as their avatar (decoded, EXIF stripped, square). */
export async function changeProfile(
  deps: UsersDeps,
  userId: string,
  name: Name,
  image?: Buffer,
): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw AppError.unauthorized();
  let picture: string | undefined;
  if (image) {
    const avatar = await prepareImage(image, { square: AVATAR_SIZE, format: 'webp' });
    const key = `avatars/${userId}-${randomBytes(6).toString('hex')}.${avatar.extension}`;
    await deps.storage.put(key, avatar.data, avatar.contentType);
    picture = publicFilePath(key);
  }
  await updateUser(deps.db, userId, {
    giveName: name.giveName,
    familyName: name.familyName,
    ...(picture ? { picture } : {}),
  });
  const oldKey = storageKeyFromPath(user.picture);
  if (picture && oldKey) await deps.storage.remove(oldKey).catch(() => undefined);
}

/** Where the user's permissions come from: the instance's access cache (plugins/auth.ts). */
export type AccessOf = (userId: string) => Promise<{ permissions: PermissionEntry[] } | undefined>;

/** The user as the login and `GET /api/user/info` answer it; 401 when the account is gone. */
export async function loadUserInfo(db: Database, userId: string, accessOf: AccessOf): Promise<UserInfo> {
  const user = await findLiveUser(db, userId);
  const access = user && (await accessOf(userId));
  if (!user || !access) throw AppError.unauthorized();
  return toUserInfo(user, access.permissions);
}
