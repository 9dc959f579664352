import { orderCancelledEventSchema } from '@retouch/shared/admin-orders';
import { TIME_MESSAGE_SECONDS, type StaffOrder } from '@retouch/shared/dispatch';
import { SocketEvent, socketErrorSchema } from '@retouch/shared/realtime';
import { REVIEW_RELEASE_GRACE_SECONDS, ReviewText } from '@retouch/shared/review';
import { AdminText } from '@retouch/shared/texts';
import { App } from 'antd';
import { useEffect, useEffectEvent, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { useAnnounce } from '@/lib/live-announcer';
import { useSocket } from '@/lib/socket-context';
import { onResync, type ResyncCause } from '@/lib/socket-resync';
import { useConnectionAnnouncements } from '@/lib/use-connection-announcements';
import { useConnectionState } from '@/lib/use-connection-state';
import { useOfflinePast } from '@/lib/use-offline-past';
import { ModeratorWorkplaceContext, type ModeratorWorkplace } from '../hooks/use-moderator-workplace';
import { initialWorkplaceState, workplaceReducer } from '../utils/workplace-state';
import { ModeratorText } from '../texts';

const connectionTexts = { lost: ModeratorText.connectionLost, restored: ModeratorText.connectionRestored };
/**
 * How long a reconnected workplace that doubted its hold waits for the server to repeat the order: it
 * does so at once while the order is still the moderator's. None by then: it went back to the queue.
 */
const HELD_REVIEW_WAIT_MS = 5_000;

/**
 * Holds the moderator's state across the admin screens and reacts to the moderator's socket events
 * (back office sections 4 and 7): `order for review` (also re-sent on reconnect while one is held, and
 * until confirmed) and the `errors` answering a search. What each event shows is also said in the live
 * region.
 *
 * Offline past the server's grace period with an order under review, the workplace says the order may
 * have gone back to the queue and stops the countdown; at the reconnect it asks the server, and says the
 * order is still theirs when it is repeated, or else that it went back to the queue (and searches).
 */
export function ModeratorWorkplaceProvider({ children }: { children: ReactNode }) {
  const socket = useSocket();
  const connection = useConnectionState(socket);
  const { message, notification } = App.useApp();
  const announce = useAnnounce();
  const [state, dispatch] = useReducer(workplaceReducer, initialWorkplaceState);
  useConnectionAnnouncements(connection, state.phase !== 'idle', connectionTexts);
  /** The order the server took back while the moderator was away: its return is told as such. */
  const lostOrderId = useRef<string | null>(null);
  /** The wait for the server's repeat of a doubted hold, after a reconnect. */
  const holdCheck = useRef<ReturnType<typeof setTimeout>>(undefined);

  const onOrder = useEffectEvent((order: StaffOrder, confirm: (() => void) | undefined) => {
    clearTimeout(holdCheck.current);
    // An alert (Ant Design's message, role=alert): read as it comes, not announced a second time. The
    // server repeats the held order on every reconnect and until confirmed: only its hold after a doubt
    // is told then.
    if (state.order?._id === order._id) {
      if (state.holdInDoubt) void message.success(ModeratorText.holdKept);
    } else {
      const back = lostOrderId.current === order._id;
      void message.success(back ? ModeratorText.orderBackToYou : ModeratorText.orderArrived);
    }
    lostOrderId.current = null;
    dispatch({ type: 'orderReceived', order, now: Date.now() });
    confirm?.();
  });

  useOfflinePast(
    connection,
    REVIEW_RELEASE_GRACE_SECONDS,
    state.phase === 'reviewing' && !state.holdInDoubt,
    () => {
      dispatch({ type: 'holdInDoubt' });
      announce(ModeratorText.holdInDoubt(REVIEW_RELEASE_GRACE_SECONDS));
    },
  );

  const onHoldNotRepeated = useEffectEvent(() => {
    if (!state.holdInDoubt || !state.order) return;
    lostOrderId.current = state.order._id;
    notification.warning({
      title: AdminText.warning,
      description: ModeratorText.awayTooLong(REVIEW_RELEASE_GRACE_SECONDS),
      duration: TIME_MESSAGE_SECONDS,
    });
    dispatch({ type: 'holdLost' });
  });

  // Staff cancelled the order under review: the moderator is told and searches again.
  const onOrderCancelled = useEffectEvent((payload: unknown) => {
    const parsed = orderCancelledEventSchema.safeParse(payload);
    if (!parsed.success || state.order?._id !== parsed.data.orderId) return;
    notification.warning({
      title: AdminText.warning,
      description: parsed.data.message,
      duration: TIME_MESSAGE_SECONDS,
    });
    dispatch({ type: 'orderDecided' });
    socket?.emit(SocketEvent.reviewFind, true);
  });

  // A refused search (no cabinetModer) answers with `errors`: the session's socket provider shows the
  // message titled Ошибка; the workplace only stops searching. The designer's refusals share the event,
  // so only the review's own refusal counts here; a search delayed while the database is out of reach
  // (503, ReviewText.searchDelayed) goes on, as the server keeps trying it.
  const onErrors = useEffectEvent((payload: unknown) => {
    const parsed = socketErrorSchema.safeParse(payload);
    if (!parsed.success || parsed.data.message !== ReviewText.noCabinet || state.phase !== 'searching')
      return;
    dispatch({ type: 'searchStopped' });
  });

  // The server drops a searcher whose last socket closed: search again once reconnected, and at a
  // `refetch` (events may have been missed). A doubted hold is asked for: `review find` answers with the
  // order still held, or puts the moderator in the queue.
  const onResyncNeeded = useEffectEvent((cause: ResyncCause) => {
    if (state.phase === 'searching') socket?.emit(SocketEvent.reviewFind, true);
    if (!state.holdInDoubt || cause !== 'connect') return;
    socket?.emit(SocketEvent.reviewFind, true);
    clearTimeout(holdCheck.current);
    holdCheck.current = setTimeout(() => onHoldNotRepeated(), HELD_REVIEW_WAIT_MS);
  });

  useEffect(() => {
    if (!socket) return;
    // `confirm` is the acknowledgement the server asked for; none comes when it asked none.
    const order = (payload: StaffOrder, confirm?: () => void) => onOrder(payload, confirm);
    const errors = (payload: unknown) => onErrors(payload);
    const orderCancelled = (payload: unknown) => onOrderCancelled(payload);
    socket.on(SocketEvent.orderForReview, order);
    socket.on(SocketEvent.orderCancelled, orderCancelled);
    socket.on(SocketEvent.errors, errors);
    const stopResync = onResync(socket, (cause) => onResyncNeeded(cause));
    return () => {
      socket.off(SocketEvent.orderForReview, order);
      socket.off(SocketEvent.orderCancelled, orderCancelled);
      socket.off(SocketEvent.errors, errors);
      stopResync();
      clearTimeout(holdCheck.current);
    };
  }, [socket]);

  const workplace = useMemo<ModeratorWorkplace>(() => {
    const find = (searching: boolean) => socket?.emit(SocketEvent.reviewFind, searching);
    return {
      ...state,
      online: socket !== null,
      goOnDuty: () => {
        dispatch({ type: 'searchStarted' });
        find(true);
      },
      cancelSearch: () => {
        dispatch({ type: 'searchStopped' });
        find(false);
      },
      stopReviewing: () => {
        dispatch({ type: 'reviewStopped' });
        find(false);
      },
      orderDecided: () => {
        dispatch({ type: 'orderDecided' });
        find(true);
      },
    };
  }, [state, socket]);

  return <ModeratorWorkplaceContext value={workplace}>{children}</ModeratorWorkplaceContext>;
}
