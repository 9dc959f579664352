import { designerRemainingMs, type StaffOrder } from '@retouch/shared/dispatch';

/** Where the designer stands (back office section 4): idle, searching, or holding an order. */
type CabinetPhase = 'idle' | 'searching' | 'working';

export interface CabinetState {
  phase: CabinetPhase;
  order: StaffOrder | null;
  /** Whether the designer accepted the extension: the countdown then runs to the full time. */
  extended: boolean;
  /** When the countdown ends, in ms since the epoch. */
  deadline: number;
  /** Whether the server's offer to extend the time is open (for 60 s). */
  extensionOffered: boolean;
  /**
   * The connection has been down longer than the server lets a holder stay away: the order in hand may
   * have gone back to the queue, so no countdown runs until the server tells.
   */
  holdInDoubt: boolean;
  /**
   * Why the search stopped without the designer asking: the order's time ran out, with the extension
   * offer left to lapse or after the extended time. Told in the idle cabinet until they go on duty again.
   */
  stoppedBy: 'offerLapsed' | 'timeRanOut' | null;
}

export type CabinetAction =
  | { type: 'searchStarted' }
  | { type: 'searchStopped' }
  | { type: 'orderReceived'; order: StaffOrder; now: number }
  | { type: 'orderChanged'; order: StaffOrder; now: number }
  | { type: 'timeExtended'; now: number }
  | { type: 'extensionOffered' }
  /** Offline past the server's grace period with the order in hand. */
  | { type: 'holdInDoubt' }
  /** Accepted, or its 60 s ran out. */
  | { type: 'extensionOfferClosed' }
  /** Sent or refused: the designer searches again. */
  | { type: 'orderHandedOver' }
  /** The time ran out: the order went to someone else and the designer is idle. */
  | { type: 'orderExpired' }
  /** The shift ended: an order in hand went back to the queue, and the designer is idle. */
  | { type: 'shiftEnded' }
  /**
   * The server's account of the cabinet (GET /api/executor/state) at a (re)load or reconnect: the order in
   * hand, or none (then a search goes on if the designer wants one).
   */
  | { type: 'restored'; order: StaffOrder | null; searching: boolean; now: number };

export const initialCabinetState: CabinetState = {
  phase: 'idle',
  order: null,
  extended: false,
  deadline: 0,
  extensionOffered: false,
  holdInDoubt: false,
  stoppedBy: null,
};

const deadlineOf = (order: StaffOrder, extended: boolean, now: number) =>
  now + designerRemainingMs(order, extended, now);

export function cabinetReducer(state: CabinetState, action: CabinetAction): CabinetState {
  switch (action.type) {
    case 'searchStarted':
      return state.order ? state : { ...state, phase: 'searching', stoppedBy: null };
    case 'searchStopped':
      return state.phase === 'searching' ? { ...state, phase: 'idle' } : state;
    case 'orderReceived': {
      // The server repeats the order in hand (on a reconnect, or an assignment not yet confirmed, maybe as
      // first sent): an extension accepted or offered since stays.
      const repeat = state.order?._id === action.order._id;
      const extended =
        (action.order.currentProcessing?.executor?.timeExtension ?? false) || (repeat && state.extended);
      return {
        phase: 'working',
        order: action.order,
        extended,
        deadline: deadlineOf(action.order, extended, action.now),
        extensionOffered: repeat && state.extensionOffered,
        holdInDoubt: false,
        stoppedBy: null,
      };
    }
    case 'orderChanged':
      return state.order
        ? { ...state, order: action.order, deadline: deadlineOf(action.order, state.extended, action.now) }
        : state;
    case 'timeExtended':
      return state.order
        ? {
            ...state,
            extended: true,
            extensionOffered: false,
            deadline: deadlineOf(state.order, true, action.now),
          }
        : state;
    case 'extensionOffered':
      return state.order ? { ...state, extensionOffered: true } : state;
    case 'extensionOfferClosed':
      return { ...state, extensionOffered: false };
    case 'holdInDoubt':
      return state.phase === 'working' ? { ...state, holdInDoubt: true, extensionOffered: false } : state;
    case 'orderHandedOver':
      return { ...initialCabinetState, phase: 'searching' };
    case 'orderExpired':
      return { ...initialCabinetState, stoppedBy: state.extended ? 'timeRanOut' : 'offerLapsed' };
    case 'shiftEnded':
      return initialCabinetState;
    case 'restored':
      if (action.order)
        return cabinetReducer(state, { type: 'orderReceived', order: action.order, now: action.now });
      // A reconnect while idle keeps saying why the search stopped.
      return action.searching
        ? { ...initialCabinetState, phase: 'searching' }
        : { ...initialCabinetState, stoppedBy: state.stoppedBy };
  }
}
