import { z } from 'zod';
import type Stripe from 'stripe';
import { PaymentText } from '@retouch/shared/payments';
import type { Config } from '../config';
import type { CardProvider, PageSources, ProviderEvent, ProviderWebhook } from './providers';

/** Stripe.js and its card element (https://docs.stripe.com/security/guide#content-security-policy). */
const STRIPE_PAGE_SOURCES: PageSources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** Longest wait for one Stripe call. */
const STRIPE_TIMEOUT_MS = 10_000;

/** The Stripe event types the webhook acts on; any other is acknowledged and ignored. */
const HANDLED_STRIPE_EVENTS = ['payment_intent.succeeded', 'payment_intent.payment_failed'] as const;

const envelopeSchema = z.object({ type: z.string().min(1) });

/** The parts of a PaymentIntent the webhook reads; Stripe sends many more, kept out of the way. */
const paymentIntentSchema = z.object({
  id: z.string().min(1),
  amount_received: z.number().int().min(0).nullish(),
  last_payment_error: z.object({ message: z.string().nullish() }).nullish(),
});

const intentEventSchema = z.object({ data: z.object({ object: paymentIntentSchema }) });

/**
 * The shape of a signed event: a signature proves who sent it, not that it reads as we expect. A
 * handled type without a readable PaymentIntent is unreadable (the route answers 400: Stripe retries
 * and shows it).
 */
function readStripeEvent(event: unknown): ProviderEvent | undefined {
  const envelope = envelopeSchema.safeParse(event);
  if (!envelope.success) return undefined;
  const type = HANDLED_STRIPE_EVENTS.find((handled) => handled === envelope.data.type);
  if (!type) return { kind: 'ignored' };
  const parsed = intentEventSchema.safeParse(event);
  if (!parsed.success) return undefined;
  const intent = parsed.data.data.object;
  const payment = { providerRef: intent.id };
  return type === 'payment_intent.succeeded'
    ? { kind: 'succeeded', payment, amountCents: intent.amount_received ?? 0 }
    : {
        kind: 'failed',
        payment,
        message: intent.last_payment_error?.message ?? PaymentText.somethingWentWrong,
      };
}

/** `Stripe-Signature` checked over the raw body by the SDK (5 minutes' tolerance). */
function stripeWebhook(stripe: Stripe, webhookSecret: string): ProviderWebhook {
  return {
    verify(rawBody, headers) {
      try {
        return stripe.webhooks.constructEvent(
          rawBody,
          String(headers['stripe-signature'] ?? ''),
          webhookSecret,
        );
      } catch {
        return undefined;
      }
    },
    read: readStripeEvent,
  };
}

/**
 * Stripe PaymentIntents; the package and our payment id ride in the metadata. The SDK (about 20 MB of
 * memory) is loaded only when Stripe is configured.
 */
export async function createStripeProvider(config: Config): Promise<CardProvider> {
  // A payment's start runs inside its database transaction (with its Idempotency-Key): a stalled
  // Stripe must not hold the connection for the SDK's default 80 s.
  const stripe = new (await import('stripe')).default(config.STRIPE_SECRET_KEY ?? '', {
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 1,
  });
  return {
    name: 'stripe',
    publicKey: config.STRIPE_PUBLISHABLE_KEY ?? '',
    browserForm: 'stripe',
    pageSources: STRIPE_PAGE_SOURCES,
    webhook: stripeWebhook(stripe, config.STRIPE_WEBHOOK_SECRET ?? ''),
    async startCardPayment(payment) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: payment.totalCents,
          currency: 'usd',
          metadata: { paymentId: payment.id, productId: payment.productId, userId: payment.userId },
        },
        { idempotencyKey: `payment-${payment.id}` },
      );
      if (!intent.client_secret) throw new Error('Stripe returned no client secret');
      return { providerRef: intent.id, clientSecret: intent.client_secret };
    },
  };
}
