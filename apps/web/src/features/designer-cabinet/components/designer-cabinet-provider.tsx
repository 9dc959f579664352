import { orderCancelledEventSchema } from '@retouch/shared/admin-orders';
import {
  designerRemainingMs,
  DispatchText,
  EXTENSION_OFFER_SECONDS,
  ORDER_RECEIVED_NOTICE_SECONDS,
  TIME_MESSAGE_SECONDS,
  TimeExtensionCode,
  timeExtensionSchema,
  type CabinetSnapshot,
  type StaffOrder,
} from '@retouch/shared/dispatch';
import { SEARCH_UNAVAILABLE_STATUS, SocketEvent, socketErrorSchema } from '@retouch/shared/realtime';
import { AdminText } from '@retouch/shared/texts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useAnnounce } from '@/lib/live-announcer';
import { queryKeys } from '@/lib/query-keys';
import { useSocket } from '@/lib/socket-context';
import { onResync } from '@/lib/socket-resync';
import { useConnectionAnnouncements } from '@/lib/use-connection-announcements';
import { useConnectionState } from '@/lib/use-connection-state';
import { useOfflinePast } from '@/lib/use-offline-past';
import { getCabinetState } from '../api/get-cabinet-state';
import { DesignerCabinetContext, type DesignerCabinet } from '../hooks/use-designer-cabinet';
import { orderAlertsEnabled } from '../stores/order-alerts';
import { rememberSearching, wantsToSearch } from '../stores/search-intent';
import { cabinetReducer, initialCabinetState } from '../utils/cabinet-state';
import { alertOrderArrived } from '../utils/order-alert';
import { spokenDuration } from '../utils/spoken-duration';
import { DesignerText } from '../texts';

const EXTENSION_OFFER_KEY = 'time-extension-offer';
const UNAUTHORIZED = 401;
/** Answers of the server overtaken by an event are asked for again, this many times at most. */
const RESTORE_ATTEMPTS = 3;

/**
 * Holds the designer's state across the admin screens and reacts to the designer's socket events
 * (back office sections 4 and 7): `order for executor`, `time extension` and the `errors` answering
 * a search. The extension offer is a notification so it reaches the designer on any screen.
 *
 * The server's account of the cabinet is read at every mount (a reload), connect and `refetch`: events
 * sent while the page was not listening are lost (the order in hand is sent at the connect, possibly
 * before this listens). An answer overtaken by an event is asked for again, so the newest word wins.
 * Every order received is confirmed to the server, which sends it again until it is.
 *
 * Offline past the server's grace period with an order in hand, the cabinet says the order may have gone
 * back to the queue and stops the countdown; at the reconnect it says what the server answers: the order
 * repeated (still theirs), or taken back (`order cancelled`, or gone from the server's account). The
 * order coming back to them later through the queue is said to be theirs again.
 *
 * What each event shows is also said in the live region, for screen readers; the extension offer there
 * with the time left, as it cannot wait.
 */
export function DesignerCabinetProvider({ designer, children }: { designer: boolean; children: ReactNode }) {
  const socket = useSocket();
  const connection = useConnectionState(socket);
  const queryClient = useQueryClient();
  const { message, notification } = App.useApp();
  const announce = useAnnounce();
  const [state, dispatch] = useReducer(cabinetReducer, initialCabinetState);
  useConnectionAnnouncements(connection, state.phase !== 'idle', {
    lost: state.phase === 'searching' ? DesignerText.searchPaused : DesignerText.connectionLost,
    restored: DesignerText.connectionRestored,
  });
  /** Counts the events that changed the cabinet, to tell an answer of the server read before one. */
  const events = useRef(0);
  /** Seconds the server lets a holder stay offline (from its account of the cabinet); null until read. */
  const [holderGraceSeconds, setHolderGraceSeconds] = useState<number | null>(null);
  /** The order the server took back while the designer was away, and whether they were told of it. */
  const lostOrder = useRef<{ id: string; told: boolean } | null>(null);

  // While the offer is open the cabinet shows its own 'Продлить' too, in the page's tab order.
  const closeExtensionOffer = useCallback(() => {
    notification.destroy(EXTENSION_OFFER_KEY);
    dispatch({ type: 'extensionOfferClosed' });
  }, [notification]);
  const acceptExtension = useCallback(() => {
    socket?.emit(SocketEvent.timeExtension);
    closeExtensionOffer();
  }, [socket, closeExtensionOffer]);

  const showExtensionOffer = useEffectEvent((text: string, order: StaffOrder | null) => {
    if (!socket) return;
    // The visible countdown stops 10 minutes early; the time that is really left runs to the end.
    const timeLeft = order ? spokenDuration(designerRemainingMs(order, true, Date.now())) : null;
    announce(DesignerText.extensionOffered(timeLeft), 'assertive');
    dispatch({ type: 'extensionOffered' });
    notification.warning({
      key: EXTENSION_OFFER_KEY,
      title: AdminText.warning,
      description: text,
      duration: EXTENSION_OFFER_SECONDS,
      onClose: () => dispatch({ type: 'extensionOfferClosed' }),
      actions: (
        <Button type="primary" onClick={acceptExtension}>
          {DesignerText.extend}
        </Button>
      ),
    });
  });

  // Ant Design's messages and notifications are alerts (role=alert): screen readers read them as they
  // come, so what they say is not put in the live announcer as well (it was read twice).
  const tellHoldKept = () => void message.success(DesignerText.holdKept, TIME_MESSAGE_SECONDS);
  const tellLostWhileAway = () =>
    notification.warning({
      title: AdminText.warning,
      description: DesignerText.awayTooLong(holderGraceSeconds),
      duration: TIME_MESSAGE_SECONDS,
    });

  // Called with the latest state, after the answer came.
  const applySnapshot = useEffectEvent((snapshot: CabinetSnapshot) => {
    queryClient.setQueryData(queryKeys.shift, snapshot.shift);
    setHolderGraceSeconds(snapshot.holderGraceSeconds);
    const shown = state.order;
    // Gone from the server's account: taken back (said when the server's `order cancelled` comes).
    if (shown && snapshot.order?._id !== shown._id) lostOrder.current = { id: shown._id, told: false };
    else if (shown && state.holdInDoubt) tellHoldKept();
    const searching = !snapshot.order && snapshot.shift.startDate !== null && wantsToSearch();
    if (searching && state.phase !== 'searching') socket?.emit(SocketEvent.executorFind, true);
    dispatch({ type: 'restored', order: snapshot.order, searching, now: Date.now() });
    if (snapshot.extensionOffer) showExtensionOffer(DispatchText.extensionOffer, snapshot.order);
  });

  const restore = useEffectEvent(async () => {
    for (let attempt = 0; attempt < RESTORE_ATTEMPTS; attempt += 1) {
      const seen = events.current;
      let snapshot;
      try {
        snapshot = await getCabinetState();
      } catch (error) {
        console.error('Reading the cabinet failed', error);
        return;
      }
      if (events.current !== seen) continue;
      applySnapshot(snapshot);
      return;
    }
  });

  const onOrder = useEffectEvent((order: StaffOrder, confirm: (() => void) | undefined) => {
    events.current += 1;
    if (state.order?._id === order._id) {
      // The server repeats the held order on every reconnect, and until it is confirmed: it is not
      // announced again, only its hold after a doubt.
      if (state.holdInDoubt) tellHoldKept();
    } else if (lostOrder.current?.id === order._id) {
      lostOrder.current.told = true;
      void message.success(DesignerText.orderBackToYou, ORDER_RECEIVED_NOTICE_SECONDS);
      if (orderAlertsEnabled()) alertOrderArrived();
    } else {
      lostOrder.current = null;
      void message.success(DispatchText.orderReceived, ORDER_RECEIVED_NOTICE_SECONDS);
      if (orderAlertsEnabled()) alertOrderArrived();
    }
    dispatch({ type: 'orderReceived', order, now: Date.now() });
    confirm?.();
  });

  // Offline past the grace period the server may have taken the order back: no countdown is shown for
  // a hold that may be gone.
  useOfflinePast(connection, holderGraceSeconds, state.phase === 'working' && !state.holdInDoubt, () => {
    closeExtensionOffer();
    dispatch({ type: 'holdInDoubt' });
    if (holderGraceSeconds) announce(DesignerText.holdInDoubt(holderGraceSeconds));
  });

  const onTimeExtension = useEffectEvent((payload: unknown) => {
    const parsed = timeExtensionSchema.safeParse(payload);
    if (!parsed.success || !socket) return;
    const { code, message: text } = parsed.data;
    if (code === TimeExtensionCode.offer) {
      showExtensionOffer(text, state.order);
      return;
    }
    events.current += 1;
    closeExtensionOffer();
    if (code === TimeExtensionCode.extended) {
      void message.success(text, TIME_MESSAGE_SECONDS);
      dispatch({ type: 'timeExtended', now: Date.now() });
    } else if (code === TimeExtensionCode.expired) {
      rememberSearching(false);
      lostOrder.current = null;
      notification.warning({ title: AdminText.warning, description: text, duration: TIME_MESSAGE_SECONDS });
      dispatch({ type: 'orderExpired' });
    }
  });

  // Staff cancelled the order in hand, or the server took it back while the designer was away: the
  // designer is told and searches again. The server's words for the latter say the order went to another
  // designer, which it may not have: the cabinet says what is sure, and tells its return as such.
  const onOrderCancelled = useEffectEvent((payload: unknown) => {
    const parsed = orderCancelledEventSchema.safeParse(payload);
    if (!parsed.success) return;
    const { orderId, message: text } = parsed.data;
    const shown = state.order?._id === orderId;
    if (text === DispatchText.awayTooLong) {
      const lost = lostOrder.current?.id === orderId ? lostOrder.current : null;
      // Told already, or back with the designer since; or never shown here (the server says it at every
      // connect until the designer's next attempt).
      if (lost?.told || (!shown && !lost)) return;
      lostOrder.current = { id: orderId, told: true };
      tellLostWhileAway();
    } else {
      if (!shown) return;
      lostOrder.current = null;
      notification.warning({ title: AdminText.warning, description: text, duration: TIME_MESSAGE_SECONDS });
    }
    if (!shown) return;
    events.current += 1;
    closeExtensionOffer();
    rememberSearching(true);
    dispatch({ type: 'orderHandedOver' });
    socket?.emit(SocketEvent.executorFind, true);
  });

  // A refused search (off shift, no cabinet) answers with `errors`: the session's socket provider shows
  // the message (titled Ошибка here); the cabinet stops searching. A search delayed while the database is
  // out of reach (503) goes on: the server keeps trying it.
  const onErrors = useEffectEvent((payload: unknown) => {
    const parsed = socketErrorSchema.safeParse(payload);
    if (!parsed.success || state.phase !== 'searching') return;
    const { status } = parsed.data;
    if (status === UNAUTHORIZED || status === SEARCH_UNAVAILABLE_STATUS) return;
    rememberSearching(false);
    dispatch({ type: 'searchStopped' });
  });

  // The server drops a searcher whose last socket closed: search again once reconnected (and at a
  // `refetch`, which may follow missed events, as a connect does).
  const onResyncNeeded = useEffectEvent(() => {
    if (state.phase === 'searching') socket?.emit(SocketEvent.executorFind, true);
    if (designer) void restore();
  });

  useEffect(() => {
    if (designer) void restore();
  }, [designer]);

  useEffect(() => {
    if (!socket) return;
    // `confirm` is the acknowledgement the server asked for; none comes when it asked none.
    const order = (payload: StaffOrder, confirm?: () => void) => onOrder(payload, confirm);
    const timeExtension = (payload: unknown) => onTimeExtension(payload);
    const orderCancelled = (payload: unknown) => onOrderCancelled(payload);
    const errors = (payload: unknown) => onErrors(payload);
    socket.on(SocketEvent.orderForExecutor, order);
    socket.on(SocketEvent.timeExtension, timeExtension);
    socket.on(SocketEvent.orderCancelled, orderCancelled);
    socket.on(SocketEvent.errors, errors);
    const stopResync = onResync(socket, () => onResyncNeeded());
    return () => {
      socket.off(SocketEvent.orderForExecutor, order);
      socket.off(SocketEvent.timeExtension, timeExtension);
      socket.off(SocketEvent.orderCancelled, orderCancelled);
      socket.off(SocketEvent.errors, errors);
      stopResync();
      notification.destroy(EXTENSION_OFFER_KEY);
    };
  }, [socket, notification]);

  const cabinet = useMemo<DesignerCabinet>(
    () => ({
      ...state,
      holderGraceSeconds,
      online: socket !== null,
      connected: connection === 'connected',
      acceptExtension,
      goOnDuty: () => {
        rememberSearching(true);
        dispatch({ type: 'searchStarted' });
        socket?.emit(SocketEvent.executorFind, true);
      },
      cancelSearch: () => {
        rememberSearching(false);
        dispatch({ type: 'searchStopped' });
        socket?.emit(SocketEvent.executorFind, false);
      },
      endShift: () => {
        events.current += 1;
        lostOrder.current = null;
        rememberSearching(false);
        closeExtensionOffer();
        dispatch({ type: 'shiftEnded' });
      },
      handOver: () => {
        events.current += 1;
        lostOrder.current = null;
        rememberSearching(true);
        closeExtensionOffer();
        dispatch({ type: 'orderHandedOver' });
        socket?.emit(SocketEvent.executorFind, true);
      },
      replaceOrder: (order) => dispatch({ type: 'orderChanged', order, now: Date.now() }),
    }),
    [state, holderGraceSeconds, socket, connection, acceptExtension, closeExtensionOffer],
  );

  return <DesignerCabinetContext value={cabinet}>{children}</DesignerCabinetContext>;
}
