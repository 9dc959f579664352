import { z } from 'zod';
import { PaymentText } from '@retouch/shared/payments';
import { AppError } from '../../lib/app-error';

/** The Stripe event types the webhook acts on; any other is acknowledged and ignored. */
const HANDLED_STRIPE_EVENTS = ['payment_intent.succeeded', 'payment_intent.payment_failed'] as const;

const envelopeSchema = z.object({ type: z.string().min(1) });

/** The parts of a PaymentIntent the webhook reads; Stripe sends many more, kept out of the way. */
const paymentIntentSchema = z.object({
  id: z.string().min(1),
  amount_received: z.number().int().min(0).nullish(),
  last_payment_error: z.object({ message: z.string().nullish() }).nullish(),
});

type StripePaymentIntent = z.infer<typeof paymentIntentSchema>;

export type StripeEvent =
  { type: (typeof HANDLED_STRIPE_EVENTS)[number]; intent: StripePaymentIntent } | { type: 'ignored' };

/**
 * The shape of a signed event: a signature proves who sent it, not that it reads as we expect. A
 * handled type without a readable PaymentIntent is refused with 400 (Stripe retries and shows it).
 */
export function parseStripeEvent(event: unknown): StripeEvent {
  const envelope = envelopeSchema.safeParse(event);
  if (!envelope.success) throw AppError.badRequest(PaymentText.eventInvalid);
  const type = HANDLED_STRIPE_EVENTS.find((handled) => handled === envelope.data.type);
  if (!type) return { type: 'ignored' };
  const intent = z.object({ data: z.object({ object: paymentIntentSchema }) }).safeParse(event);
  if (!intent.success) throw AppError.badRequest(PaymentText.eventInvalid);
  return { type, intent: intent.data.data.object };
}
