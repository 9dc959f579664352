import type { FastifyInstance } from 'fastify';
import { PermissionSign, hasPermission } from '@retouch/shared/permissions';
import { SocketRoom } from '@retouch/shared/realtime';
import { findUserById } from '../users/users.repository';
import { findEffectivePermissions } from './permissions.repository';

const ROLE_ROOM_PREFIX = SocketRoom.role('');

/**
 * Moves the user's open sockets to the rooms their new role and permissions give (the handshake chose
 * them): staff broadcasts stop at once for someone who lost showAdmin and start for someone who got it.
 */
export async function refreshSocketRooms(app: FastifyInstance, userId: string): Promise<void> {
  const sockets = await app.io.in(SocketRoom.user(userId)).fetchSockets();
  if (sockets.length === 0) return;
  const user = await findUserById(app.db, userId);
  if (!user) return;
  const isStaff = hasPermission(await findEffectivePermissions(app.db, userId), PermissionSign.showAdmin);
  const rooms = [
    SocketRoom.user(userId),
    SocketRoom.role(user.roleId),
    ...(isStaff ? [SocketRoom.staff] : []),
  ];
  for (const socket of sockets) {
    for (const room of socket.rooms) {
      const stale = room === SocketRoom.staff || room.startsWith(ROLE_ROOM_PREFIX);
      if (stale && !rooms.includes(room)) socket.leave(room);
    }
    socket.join(rooms);
  }
}
