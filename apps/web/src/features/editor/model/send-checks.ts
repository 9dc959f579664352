import { balanceCoversOrder } from '@retouch/shared/orders';
import type { Balance } from '@retouch/shared/users';
import { hasServices, needsFacePhoto, totalCost, type EditorState } from './editor-reducer';

/** Why an order cannot be sent yet, by the first rule it breaks. */
export type SendBlock = 'login' | 'photo' | 'funds' | 'services' | 'facePhoto';

interface SendContext {
  loggedIn: boolean;
  /** Null while the user is not known. */
  balance: Balance | null;
  state: EditorState;
}

/**
 * The checks before sending, in the specification's order (customer-side section 5): login, photo,
 * a total balance strictly above 10 that also covers the order's cost (as the server checks it, so
 * no upload starts that it would refuse), at least one service, the face photo when a service needs it.
 */
export function firstSendBlock({ loggedIn, balance, state }: SendContext): SendBlock | null {
  if (!loggedIn) return 'login';
  if (!state.photo) return 'photo';
  if (!balance || !balanceCoversOrder(balance, totalCost(state))) return 'funds';
  if (!hasServices(state)) return 'services';
  if (needsFacePhoto(state) && !state.facePhoto) return 'facePhoto';
  return null;
}
