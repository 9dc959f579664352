import type { Balance } from '@retouch/shared/users';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError } from '@/lib/api-client';
import { useSendAttempt } from '@/lib/send-attempt';
import { startCardPayment } from '../api/start-card-payment';

/** Marks the running card payment, so the dialog can refuse to close while it runs. */
export const cardPaymentKey = ['payment', 'card'] as const;

const CONFLICT = 409;
const NOT_FOUND = 404;

/** Charges the card with a client secret; answers the new balance when the provider tells it at once. */
export type ConfirmCard<TCard> = (clientSecret: string, card: TCard) => Promise<Balance | null>;

/**
 * A card payment of a package: opens the payment (`POST /api/product/{id}/buy`) on the first Pay, then
 * confirms it; a declined card keeps the payment open, so a retry confirms the same one again. A Pay after
 * opening got no answer opens with the same Idempotency-Key: the payment the server made, if any.
 */
export function useCardPayment<TCard>(productId: string, confirm: ConfirmCard<TCard>) {
  const opened = useRef<{ productId: string; clientSecret: string } | null>(null);
  const attempt = useSendAttempt();
  return useMutation({
    mutationKey: cardPaymentKey,
    mutationFn: async (card: TCard) => {
      const clientSecret =
        opened.current?.productId === productId
          ? opened.current.clientSecret
          : (await attempt.send([productId], (key) => startCardPayment(productId, key))).client_secret;
      opened.current = { productId, clientSecret };
      try {
        return await confirm(clientSecret, card);
      } catch (error) {
        // A payment that is over or gone cannot be retried: the next Pay opens a new one.
        if (error instanceof ApiError && (error.status === CONFLICT || error.status === NOT_FOUND))
          opened.current = null;
        throw error;
      }
    },
  });
}
