import { PaymentText } from '@retouch/shared/payments';
import { ApiError } from '@/lib/api-client';

/** A card payment the provider refused in the browser (Stripe), with the provider's message. */
export class CardRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardRefusal';
  }
}

/** What the customer reads when a card payment fails: the provider's or server's message, else the generic one. */
export function paymentErrorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof CardRefusal)
    return error.message || PaymentText.somethingWentWrong;
  return PaymentText.somethingWentWrong;
}
