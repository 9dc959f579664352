import { z } from 'zod';

/** Texts of the package form (back-office section 5), exactly as the specification writes them. */
export const PackageText = {
  min1: 'Миниумум 1',
  required: 'Поле не может быть пустым',
  numbersOnly: 'Поле может содержать только числа',
  min4Chars: 'Минимум 4 символа',
  // Our wording where the specification gives none.
  notFound: 'Пакет не найден',
} as const;

/** Customer-side payment texts: the specification's, then our own. */
export const PaymentText = {
  somethingWentWrong: 'Something went wrong',
  somethingWentWrongNotice: 'something went wrong',
  productNotFound: 'This package is not available',
  paymentNotFound: 'Payment not found',
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  cardInvalid: 'Your card number is incorrect.',
  cardExpired: 'Your card has expired.',
  alreadyProcessed: 'This payment has already been processed.',
  paymentSucceeded: 'Payment succeeded',
  signatureInvalid: 'Invalid signature',
  eventInvalid: 'The event is not in the expected format',
  providerUnavailable: 'This payment method is not available',
  invoiceFromOtherSite:
    'Open the payment from the buy dialog on this site: a link from another site opens none',
} as const;

/** Test cards of the sandbox provider, as a card processor's test mode has them. */
export const SandboxCard = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** The eleven packages of the policy text (customer-side section 9): charge, bonus, cost in USD. */
export const DEFAULT_PACKAGES: ReadonlyArray<readonly [charge: number, bonus: number, cost: number]> = [
  [30, 0, 2],
  [100, 50, 4],
  [160, 60, 6],
  [270, 70, 8],
  [460, 120, 17],
  [530, 150, 22],
  [830, 200, 27],
  [1030, 250, 32],
  [1540, 300, 38],
  [2550, 500, 59],
  [5200, 1100, 115],
];

const requiredNumber = (integer: boolean) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
    z
      .number({
        error: (issue) => (issue.input === undefined ? PackageText.required : PackageText.numbersOnly),
      })
      .refine((value) => !integer || Number.isInteger(value), PackageText.numbersOnly)
      .refine((value) => value >= 1, PackageText.min1),
  );

/** `POST /api/admin/product`, `PATCH /api/admin/product/{id}` body (back-office section 5, Package form). */
export const packageBodySchema = z.object({
  cost: requiredNumber(false).refine(
    (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    PackageText.numbersOnly,
  ),
  description: z
    .string({ error: PackageText.required })
    .trim()
    .min(1, PackageText.required)
    .min(4, PackageText.min4Chars)
    .max(500),
  charge: requiredNumber(true),
  bonus: z.preprocess(
    (value) =>
      value === '' || value === null || value === undefined
        ? 0
        : typeof value === 'string'
          ? Number(value)
          : value,
    z.number({ error: PackageText.numbersOnly }).int(PackageText.numbersOnly).min(0, PackageText.numbersOnly),
  ),
  merchant_id: z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
    z
      .number({
        error: (issue) => (issue.input === undefined ? PackageText.required : PackageText.numbersOnly),
      })
      .int(PackageText.numbersOnly)
      .min(0, PackageText.numbersOnly),
  ),
});
export type PackageBody = z.input<typeof packageBodySchema>;

/** A token package (product) as the API answers it. */
export const productSchema = z.object({
  _id: z.string(),
  charge: z.number(),
  bonus: z.number(),
  /** Price in USD. */
  cost: z.number(),
  description: z.string(),
  merchant_id: z.number(),
});
export type Product = z.infer<typeof productSchema>;

/** `GET /api/product/{id}/tax`. */
export const paymentAmountSchema = z.object({ tax: z.number(), total: z.number() });
export type PaymentAmount = z.infer<typeof paymentAmountSchema>;

/** `GET /api/payment/config`: which card form to show, and its public key. */
export const paymentConfigSchema = z.object({
  publicKey: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** `POST /api/product/{id}/buy` answer. */
export const paymentIntentAnswerSchema = z.object({ client_secret: z.string() });
export type PaymentIntentAnswer = z.infer<typeof paymentIntentAnswerSchema>;

/** `POST /api/payment/sandbox/confirm` body: the sandbox card form (no postal code). */
export const sandboxConfirmSchema = z.object({
  client_secret: z.string().min(10).max(200),
  card: z.object({
    number: z
      .string()
      .transform((value) => value.replace(/\s+/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, PaymentText.cardInvalid)),
    expMonth: z.coerce.number().int().min(1).max(12),
    expYear: z.coerce.number().int().min(2000).max(2100),
    cvc: z.string().regex(/^\d{3,4}$/),
  }),
});
export type SandboxConfirmBody = z.input<typeof sandboxConfirmSchema>;
/** The sandbox card form as parsed (spaces out of the number, month and year as numbers). */
export type SandboxConfirmCard = z.output<typeof sandboxConfirmSchema>;

/** `POST /api/payment/sandbox/confirm` answer: the card charged and the balance it credited. */
export const sandboxConfirmAnswerSchema = z.object({
  status: z.literal('succeeded'),
  balance: z.object({ main: z.number().int(), bonus: z.number().int() }),
});
export type SandboxConfirmAnswer = z.infer<typeof sandboxConfirmAnswerSchema>;

/** What a payment provider's webhook is answered once its event is taken. */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });

/** Socket event payload sent to a customer whenever their balance changes. */
export interface BalanceChanged {
  main: number;
  bonus: number;
}

/** Splits a spending between the two balance parts: bonus first, then main. */
export function splitSpending(balance: { main: number; bonus: number }, amount: number) {
  const fromBonus = Math.min(balance.bonus, amount);
  return { fromBonus, fromMain: amount - fromBonus };
}

/** Tax and total in USD for a price and a rate, rounded to cents. */
export function paymentAmount(cost: number, taxRate: number): PaymentAmount {
  const costCents = Math.round(cost * 100);
  const taxCents = Math.round(costCents * taxRate);
  return { tax: taxCents / 100, total: (costCents + taxCents) / 100 };
}
