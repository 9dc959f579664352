import type { FastifyBaseLogger } from 'fastify';
import { SocketEvent, SocketRoom, type SocketError } from '@retouch/shared/realtime';
import { AdminServerText, ServerText } from '@retouch/shared/texts';
import type { RealtimeSocket } from './realtime';

/**
 * Events a socket may send a second, on average. The web app sends a few a minute (a search started or
 * stopped, a queue size asked); a flood of 20,000 stalled the server's loop for 0.8 s (issue 35).
 */
const SOCKET_EVENTS_PER_SECOND = 20;
/** Events it may send at once: a reconnect sends its search again and asks the queue sizes. */
const SOCKET_EVENT_BURST = 40;

/** What becomes of one event: handled, refused, or the last straw of a socket that keeps flooding. */
type Verdict = 'handled' | 'refused' | 'flooding';

/**
 * A token bucket that runs into debt: every event takes a token, one taken with none left is refused, and
 * a socket that sends another burst's worth while refused is flooding.
 */
function createEventBucket(perSecond: number, burst: number, now: () => number = Date.now) {
  let tokens = burst;
  let at = now();
  return {
    take(): Verdict {
      const time = now();
      tokens = Math.min(burst, tokens + ((time - at) * perSecond) / 1000);
      at = time;
      tokens -= 1;
      if (tokens >= 0) return 'handled';
      return tokens < -burst ? 'flooding' : 'refused';
    },
  };
}

/**
 * Limits the events the socket sends (SOCKET_EVENTS_PER_SECOND, bursts of SOCKET_EVENT_BURST): one beyond
 * is not handled, and is answered `errors` 429 (once a run, and through its acknowledgement if it asks one);
 * a socket that keeps sending is disconnected.
 */
export function limitSocketEvents(socket: RealtimeSocket, log: FastifyBaseLogger): void {
  const bucket = createEventBucket(SOCKET_EVENTS_PER_SECOND, SOCKET_EVENT_BURST);
  let told = false;
  socket.use((packet, next) => {
    const verdict = bucket.take();
    if (verdict === 'handled') {
      told = false;
      return next();
    }
    const refusal = tooManyEvents(socket);
    const acknowledge = packet.at(-1);
    if (typeof acknowledge === 'function') acknowledge(refusal);
    if (!told) socket.emit(SocketEvent.errors, refusal);
    told = true;
    if (verdict === 'flooding') {
      log.warn(
        { userId: socket.data.userId, event: packet[0] },
        'socket disconnected: it kept flooding events',
      );
      socket.disconnect(true);
    }
  });
}

/** The refusal in the language of the socket's side: Russian to staff, English to customers. */
function tooManyEvents(socket: RealtimeSocket): SocketError {
  const texts = socket.rooms.has(SocketRoom.staff) ? AdminServerText : ServerText;
  return { status: 429, message: texts.tooManyRequests };
}
