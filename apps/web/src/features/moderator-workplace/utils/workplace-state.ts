import { designerRemainingMs, type StaffOrder } from '@retouch/shared/dispatch';

/** Where the moderator stands (back office section 4): idle, searching, or reviewing an order. */
type WorkplacePhase = 'idle' | 'searching' | 'reviewing';

export interface WorkplaceState {
  phase: WorkplacePhase;
  order: StaffOrder | null;
  /** When the attempt's time, less the 10 extension minutes, runs out; in ms since the epoch. */
  deadline: number;
  /**
   * The connection has been down longer than the server keeps a review for an absent moderator: the
   * order may have gone back to the queue, so no countdown runs until the server tells.
   */
  holdInDoubt: boolean;
}

export type WorkplaceAction =
  | { type: 'searchStarted' }
  | { type: 'searchStopped' }
  | { type: 'orderReceived'; order: StaffOrder; now: number }
  /** Approved, sent back or a refusal judged: the moderator searches again. */
  | { type: 'orderDecided' }
  /** Stop reviewing: the order goes back to the queue and the moderator is idle. */
  | { type: 'reviewStopped' }
  /** Offline past the server's grace period with an order under review. */
  | { type: 'holdInDoubt' }
  /** The server took the order back while the moderator was away: they search again. */
  | { type: 'holdLost' };

export const initialWorkplaceState: WorkplaceState = {
  phase: 'idle',
  order: null,
  deadline: 0,
  holdInDoubt: false,
};

export function workplaceReducer(state: WorkplaceState, action: WorkplaceAction): WorkplaceState {
  switch (action.type) {
    case 'searchStarted':
      return state.order ? state : { ...state, phase: 'searching' };
    case 'searchStopped':
      return state.phase === 'searching' ? { ...state, phase: 'idle' } : state;
    case 'orderReceived':
      return {
        phase: 'reviewing',
        order: action.order,
        // The moderator's time is reduced by 10 minutes like the designer's (back office section 4).
        deadline: action.now + designerRemainingMs(action.order, false, action.now),
        holdInDoubt: false,
      };
    case 'orderDecided':
    case 'holdLost':
      return { ...initialWorkplaceState, phase: 'searching' };
    case 'holdInDoubt':
      return state.phase === 'reviewing' ? { ...state, holdInDoubt: true } : state;
    case 'reviewStopped':
      return initialWorkplaceState;
  }
}
