import type { FastifyInstance } from 'fastify';
import { PermissionSign, hasPermission, type PermissionEntry } from '@retouch/shared/permissions';
import { SocketRoom } from '@retouch/shared/realtime';
import { findEffectivePermissions, findRoleIdOfUser } from './permissions.repository';

const ROLE_ROOM_PREFIX = SocketRoom.role('');
/** Rooms a permission change may take a socket out of. */
const PERMISSION_ROOMS: readonly string[] = [SocketRoom.staff, SocketRoom.lookOrders];

/** The rooms a user's sockets belong in: their own, their role's, staff (showAdmin), new orders (lookOrders). */
export function socketRoomsOf(
  user: { id: string; roleId: string },
  permissions: readonly PermissionEntry[],
): string[] {
  return [
    SocketRoom.user(user.id),
    SocketRoom.role(user.roleId),
    ...(hasPermission(permissions, PermissionSign.showAdmin) ? [SocketRoom.staff] : []),
    ...(hasPermission(permissions, PermissionSign.lookOrders) ? [SocketRoom.lookOrders] : []),
  ];
}

/**
 * Moves the user's open sockets to the rooms their new role and permissions give (the handshake chose
 * them): staff broadcasts and new orders stop at once for someone who lost the right and start for someone who got it.
 */
export async function refreshSocketRooms(app: FastifyInstance, userId: string): Promise<void> {
  const sockets = await app.io.in(SocketRoom.user(userId)).fetchSockets();
  if (sockets.length === 0) return;
  const roleId = await findRoleIdOfUser(app.db, userId);
  if (roleId === undefined) return;
  const rooms = socketRoomsOf({ id: userId, roleId }, await findEffectivePermissions(app.db, userId));
  for (const socket of sockets) {
    for (const room of socket.rooms) {
      const stale = PERMISSION_ROOMS.includes(room) || room.startsWith(ROLE_ROOM_PREFIX);
      if (stale && !rooms.includes(room)) socket.leave(room);
    }
    socket.join(rooms);
  }
}
