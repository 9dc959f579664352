import { orderCancelledEventSchema } from '@retouch/shared/admin-orders';
import { TIME_MESSAGE_SECONDS, type StaffOrder } from '@retouch/shared/dispatch';
import { SocketEvent, socketErrorSchema } from '@retouch/shared/realtime';
import { ReviewText } from '@retouch/shared/review';
import { AdminText } from '@retouch/shared/texts';
import { App } from 'antd';
import { useEffect, useEffectEvent, useMemo, useReducer, type ReactNode } from 'react';
import { useSocket } from '@/lib/socket-context';
import { useConnectionAnnouncements } from '@/lib/use-connection-announcements';
import { useConnectionState } from '@/lib/use-connection-state';
import { ModeratorWorkplaceContext, type ModeratorWorkplace } from '../hooks/use-moderator-workplace';
import { initialWorkplaceState, workplaceReducer } from '../utils/workplace-state';
import { ModeratorText } from '../texts';

/**
 * Holds the moderator's state across the admin screens and reacts to the moderator's socket events
 * (back office sections 4 and 7): `order for review` (also re-sent on reconnect while one is held) and
 * the `errors` answering a search. What each event shows is also said in the live region.
 */
const connectionTexts = { lost: ModeratorText.connectionLost, restored: ModeratorText.connectionRestored };

export function ModeratorWorkplaceProvider({ children }: { children: ReactNode }) {
  const socket = useSocket();
  const { message, notification } = App.useApp();
  const [state, dispatch] = useReducer(workplaceReducer, initialWorkplaceState);
  useConnectionAnnouncements(useConnectionState(socket), state.phase !== 'idle', connectionTexts);

  const onOrder = useEffectEvent((order: StaffOrder) => {
    // The server repeats the held order on every reconnect: only a new one is announced.
    if (state.order?._id !== order._id) {
      // An alert (Ant Design's message, role=alert): read as it comes, not announced a second time.
      void message.success(ModeratorText.orderArrived);
    }
    dispatch({ type: 'orderReceived', order, now: Date.now() });
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
  // so only the review's own refusal counts here.
  const onErrors = useEffectEvent((payload: unknown) => {
    const parsed = socketErrorSchema.safeParse(payload);
    if (!parsed.success || parsed.data.message !== ReviewText.noCabinet || state.phase !== 'searching')
      return;
    dispatch({ type: 'searchStopped' });
  });

  // The server drops a searcher whose last socket closed: search again once reconnected.
  const onConnect = useEffectEvent(() => {
    if (state.phase === 'searching') socket?.emit(SocketEvent.reviewFind, true);
  });

  useEffect(() => {
    if (!socket) return;
    const order = (payload: StaffOrder) => onOrder(payload);
    const errors = (payload: unknown) => onErrors(payload);
    const orderCancelled = (payload: unknown) => onOrderCancelled(payload);
    const connect = () => onConnect();
    socket.on(SocketEvent.orderForReview, order);
    socket.on(SocketEvent.orderCancelled, orderCancelled);
    socket.on(SocketEvent.errors, errors);
    socket.on('connect', connect);
    return () => {
      socket.off(SocketEvent.orderForReview, order);
      socket.off(SocketEvent.orderCancelled, orderCancelled);
      socket.off(SocketEvent.errors, errors);
      socket.off('connect', connect);
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
