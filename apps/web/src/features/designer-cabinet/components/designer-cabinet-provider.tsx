import { orderCancelledEventSchema } from '@retouch/shared/admin-orders';
import {
  designerRemainingMs,
  DispatchText,
  EXTENSION_OFFER_SECONDS,
  ORDER_RECEIVED_NOTICE_SECONDS,
  TIME_MESSAGE_SECONDS,
  TimeExtensionCode,
  timeExtensionSchema,
  type StaffOrder,
} from '@retouch/shared/dispatch';
import { SocketEvent, socketErrorSchema } from '@retouch/shared/realtime';
import { AdminText } from '@retouch/shared/texts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useCallback, useEffect, useEffectEvent, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { useAnnounce } from '@/lib/live-announcer';
import { queryKeys } from '@/lib/query-keys';
import { useSocket } from '@/lib/socket-context';
import { useConnectionAnnouncements } from '@/lib/use-connection-announcements';
import { useConnectionState } from '@/lib/use-connection-state';
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
 * The server's account of the cabinet is read at every mount (a reload) and connect: events sent while
 * the page was not listening are lost (the order in hand is sent at the connect, possibly before this
 * listens). An answer overtaken by an event is asked for again, so the newest word wins.
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
      queryClient.setQueryData(queryKeys.shift, snapshot.shift);
      const searching = !snapshot.order && snapshot.shift.startDate !== null && wantsToSearch();
      if (searching && state.phase !== 'searching') socket?.emit(SocketEvent.executorFind, true);
      dispatch({ type: 'restored', order: snapshot.order, searching, now: Date.now() });
      if (snapshot.extensionOffer) showExtensionOffer(DispatchText.extensionOffer, snapshot.order);
      return;
    }
  });

  const onOrder = useEffectEvent((order: StaffOrder) => {
    events.current += 1;
    // The server repeats the held order on every reconnect: only a new one is announced.
    if (state.order?._id !== order._id) {
      // Ant Design's messages and notifications are alerts (role=alert): screen readers read them as
      // they come, so what they say is not put in the live announcer as well (it was read twice).
      void message.success(DispatchText.orderReceived, ORDER_RECEIVED_NOTICE_SECONDS);
      if (orderAlertsEnabled()) alertOrderArrived();
    }
    dispatch({ type: 'orderReceived', order, now: Date.now() });
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
      notification.warning({ title: AdminText.warning, description: text, duration: TIME_MESSAGE_SECONDS });
      dispatch({ type: 'orderExpired' });
    }
  });

  // Staff cancelled the order in hand: the designer is told and searches again.
  const onOrderCancelled = useEffectEvent((payload: unknown) => {
    const parsed = orderCancelledEventSchema.safeParse(payload);
    if (!parsed.success || state.order?._id !== parsed.data.orderId) return;
    events.current += 1;
    closeExtensionOffer();
    notification.warning({
      title: AdminText.warning,
      description: parsed.data.message,
      duration: TIME_MESSAGE_SECONDS,
    });
    rememberSearching(true);
    dispatch({ type: 'orderHandedOver' });
    socket?.emit(SocketEvent.executorFind, true);
  });

  // A refused search (off shift, no cabinet) answers with `errors`: the session's socket provider shows
  // the message (titled Ошибка here); the cabinet stops searching.
  const onErrors = useEffectEvent((payload: unknown) => {
    const parsed = socketErrorSchema.safeParse(payload);
    if (!parsed.success || parsed.data.status === UNAUTHORIZED || state.phase !== 'searching') return;
    rememberSearching(false);
    dispatch({ type: 'searchStopped' });
  });

  // The server drops a searcher whose last socket closed: search again once reconnected.
  const onConnect = useEffectEvent(() => {
    if (state.phase === 'searching') socket?.emit(SocketEvent.executorFind, true);
    if (designer) void restore();
  });

  useEffect(() => {
    if (designer) void restore();
  }, [designer]);

  useEffect(() => {
    if (!socket) return;
    const order = (payload: StaffOrder) => onOrder(payload);
    const timeExtension = (payload: unknown) => onTimeExtension(payload);
    const orderCancelled = (payload: unknown) => onOrderCancelled(payload);
    const errors = (payload: unknown) => onErrors(payload);
    const connect = () => onConnect();
    socket.on(SocketEvent.orderForExecutor, order);
    socket.on(SocketEvent.timeExtension, timeExtension);
    socket.on(SocketEvent.orderCancelled, orderCancelled);
    socket.on(SocketEvent.errors, errors);
    socket.on('connect', connect);
    return () => {
      socket.off(SocketEvent.orderForExecutor, order);
      socket.off(SocketEvent.timeExtension, timeExtension);
      socket.off(SocketEvent.orderCancelled, orderCancelled);
      socket.off(SocketEvent.errors, errors);
      socket.off('connect', connect);
      notification.destroy(EXTENSION_OFFER_KEY);
    };
  }, [socket, notification]);

  const cabinet = useMemo<DesignerCabinet>(
    () => ({
      ...state,
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
        rememberSearching(false);
        closeExtensionOffer();
        dispatch({ type: 'shiftEnded' });
      },
      handOver: () => {
        events.current += 1;
        rememberSearching(true);
        closeExtensionOffer();
        dispatch({ type: 'orderHandedOver' });
        socket?.emit(SocketEvent.executorFind, true);
      },
      replaceOrder: (order) => dispatch({ type: 'orderChanged', order, now: Date.now() }),
    }),
    [state, socket, connection, acceptExtension, closeExtensionOffer],
  );

  return <DesignerCabinetContext value={cabinet}>{children}</DesignerCabinetContext>;
}
