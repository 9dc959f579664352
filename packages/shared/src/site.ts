import { z } from 'zod';
import { CustomerText } from './texts';

/** Texts of the contact form (customer side sections 5 and 8), exactly as the specification writes them. */
export const FeedbackText = {
  notAllFieldsFilled: 'Not all fields are filled in!',
  termsNotAgreed: "You didn't agree to the terms!",
  sent: 'Your message was sent successfully!',
  // Our wording where the specification gives none.
  nameTooLong: 'The name is too long',
  messageTooLong: 'The message is too long',
} as const;

/** Longest name the contact form accepts. */
export const MAX_FEEDBACK_NAME_LENGTH = 128;
/** Longest e-mail address (RFC 5321). */
export const MAX_FEEDBACK_EMAIL_LENGTH = 254;
/** Longest message the contact form accepts. */
export const MAX_FEEDBACK_MESSAGE_LENGTH = 5000;

/** A required text of the contact form: a missing or blank value answers the specification's text. */
const requiredText = (max: number, tooLong: string) =>
  z
    .string({ error: FeedbackText.notAllFieldsFilled })
    .trim()
    .min(1, FeedbackText.notAllFieldsFilled)
    .max(max, tooLong);

/** `POST /api/feedback` body (customer side sections 5 and 7); the consent is the form's own check. */
export const feedbackBodySchema = z.object(
  {
    name: requiredText(MAX_FEEDBACK_NAME_LENGTH, FeedbackText.nameTooLong),
    email: requiredText(MAX_FEEDBACK_EMAIL_LENGTH, CustomerText.emailInvalid).pipe(
      z.email({ error: CustomerText.emailInvalid }),
    ),
    message: requiredText(MAX_FEEDBACK_MESSAGE_LENGTH, FeedbackText.messageTooLong),
  },
  { error: FeedbackText.notAllFieldsFilled },
);
export type FeedbackBody = z.input<typeof feedbackBodySchema>;

/** `POST /api/feedback` answer. */
export const feedbackAnswerSchema = z.object({ message: z.string() });
export type FeedbackAnswer = z.infer<typeof feedbackAnswerSchema>;

/**
 * The contact form's first failing check, in the specification's order: every field filled, then
 * the consent, then the formats the server checks too. Null when the form may be sent.
 */
export function contactFormError(values: Partial<FeedbackBody> & { consent?: boolean }): string | null {
  const filled = [values.name, values.email, values.message].every((value) => Boolean(value?.trim()));
  if (!filled) return FeedbackText.notAllFieldsFilled;
  if (!values.consent) return FeedbackText.termsNotAgreed;
  const parsed = feedbackBodySchema.safeParse(values);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? FeedbackText.notAllFieldsFilled);
}

/** `GET /api/site` answer: the public site's contacts, configurable without a rebuild (customer side section 1). */
export const siteInfoSchema = z.object({
  supportEmail: z.string(),
  companyAddress: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

/** Marketing figures of the landing page (customer side sections 1 and 9). */
export const FIRST_RESULT_MINUTES = 10;
/** Lowest price of a retouch in USD (marketing, customer side section 9). */
export const MIN_RETOUCH_PRICE_USD = 0.99;
/** Years of inactivity after which an account's tokens expire (customer side sections 1 and 9). */
export const TOKEN_EXPIRY_INACTIVE_YEARS = 1;
