import { createContext, useContext } from 'react';
import type { WorkplaceState } from '../utils/workplace-state';

export interface ModeratorWorkplace extends WorkplaceState {
  /** Whether there is a realtime connection to talk through. */
  online: boolean;
  /** Go on duty: search for an order to review (`review find` true). */
  goOnDuty: () => void;
  /** Stop searching (`review find` false). */
  cancelSearch: () => void;
  /** Stop reviewing (`review find` false): the held order goes back to the queue. */
  stopReviewing: () => void;
  /** The order was decided: clear it and search again (`review find` true). */
  orderDecided: () => void;
}

export const ModeratorWorkplaceContext = createContext<ModeratorWorkplace | null>(null);

/** The moderator's state and commands, kept above the admin routes so they outlive a page change. */
export function useModeratorWorkplace(): ModeratorWorkplace {
  const workplace = useContext(ModeratorWorkplaceContext);
  if (!workplace) throw new Error('useModeratorWorkplace needs a ModeratorWorkplaceProvider above it');
  return workplace;
}
