import type { StaffOrder } from '@retouch/shared/dispatch';
import { createContext, useContext } from 'react';
import type { CabinetState } from '../utils/cabinet-state';

export interface DesignerCabinet extends CabinetState {
  /** Seconds the server lets a designer holding an order stay offline; null until the server said. */
  holderGraceSeconds: number | null;
  /** Accept the extension offer (`time extension`). */
  acceptExtension: () => void;
  /** Whether there is a realtime connection to talk through (it may be reconnecting). */
  online: boolean;
  /** Whether that connection is up now: a search while it is down receives nothing. */
  connected: boolean;
  /** Go on duty: search for an order (`executor find` true). */
  goOnDuty: () => void;
  /** Stop searching (`executor find` false). */
  cancelSearch: () => void;
  /** The shift ended: the server took the designer out of the queue and gave back an order in hand. */
  endShift: () => void;
  /** The order was sent or refused: clear it and search again. */
  handOver: () => void;
  /** The server's answer to a change of the order's services. */
  replaceOrder: (order: StaffOrder) => void;
}

export const DesignerCabinetContext = createContext<DesignerCabinet | null>(null);

/** The designer's state and commands, kept above the admin routes so they outlive a page change. */
export function useDesignerCabinet(): DesignerCabinet {
  const cabinet = useContext(DesignerCabinetContext);
  if (!cabinet) throw new Error('useDesignerCabinet needs a DesignerCabinetProvider above it');
  return cabinet;
}
