import { SocketEvent, SocketRoom } from '@retouch/shared/realtime';
import { ServerText } from '@retouch/shared/texts';
import type { RealtimeSocket } from '../../plugins/realtime';

/**
 * Queue sizes (`executor rate`, `review rate`) are for the staff (showAdmin), who also get them by
 * broadcast; anyone else asking is refused. Answers whether the socket may be told.
 */
export function mayKnowQueueSizes(socket: RealtimeSocket): boolean {
  if (socket.rooms.has(SocketRoom.staff)) return true;
  socket.emit(SocketEvent.errors, { status: 403, message: ServerText.forbidden });
  return false;
}
