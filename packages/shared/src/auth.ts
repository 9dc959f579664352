import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import { CustomerText, ServerText } from './texts';
import { PasswordText, userInfoSchema, weakPasswordCheck } from './users';

const email = z
  .string({ error: CustomerText.emailRequired })
  .trim()
  .min(1, CustomerText.emailRequired)
  .max(254)
  .pipe(z.email({ error: CustomerText.emailInvalid }))
  .transform((value) => value.toLowerCase());

/**
 * What the registration page says once the registration is sent: the same whether the e-mail was new or
 * had an account, since the server answers both alike and mails the address (issue 35).
 */
export const RegistrationText = {
  checkMailbox: 'Check your mailbox',
  checkMailboxDetail:
    'We have sent a mail to the address you gave. It tells you what to do next: confirm the e-mail, or sign in if you already have an account.',
} as const;

/** `POST /api/registration` body. */
export const registrationSchema = z.object({
  email,
  password: z
    .string({ error: CustomerText.passwordRequired })
    .min(1, CustomerText.passwordRequired)
    .min(MIN_PASSWORD_LENGTH, CustomerText.passwordTooShort)
    .max(MAX_PASSWORD_LENGTH)
    .check(weakPasswordCheck(PasswordText)),
  name: z.object({
    giveName: z.string().trim().min(1, CustomerText.firstNameRequired).max(MAX_NAME_LENGTH),
    familyName: z.string().trim().min(1, CustomerText.lastNameRequired).max(MAX_NAME_LENGTH),
  }),
});
export type RegistrationBody = z.input<typeof registrationSchema>;

/** Pending registration data: the answer of registration, resend, and an unconfirmed login. */
export const pendingConfirmationSchema = z.object({
  message: z.string(),
  userId: z.string(),
  dateStart: z.string(),
});
export type PendingConfirmation = z.infer<typeof pendingConfirmationSchema>;

/** `POST /api/login` body: e-mail (or username) and password. */
export const loginSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, CustomerText.emailRequired)
    .max(254)
    .transform((v) => v.toLowerCase()),
  password: z.string().min(1, CustomerText.passwordRequired).max(MAX_PASSWORD_LENGTH),
});
export type LoginBody = z.input<typeof loginSchema>;

/** `POST /api/login` answers either the user or a pending confirmation. */
export const loginAnswerSchema = z.union([userInfoSchema, pendingConfirmationSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** True when a login answer is a pending confirmation instead of a user. */
export function isPendingConfirmation(answer: LoginAnswer): answer is PendingConfirmation {
  return 'userId' in answer && 'message' in answer && !('email' in answer);
}

/** `GET /api/email/confirm` query. */
export const confirmEmailQuerySchema = z.object({
  // Whatever is wrong with the link, the customer is told the one text (customer side section 1).
  userId: z.uuid({ error: ServerText.confirmationInvalid }),
  token: z
    .string({ error: ServerText.confirmationInvalid })
    .min(16, ServerText.confirmationInvalid)
    .max(128, ServerText.confirmationInvalid),
});

/** `GET /api/email/confirm/reset/{userId}` answer: the confirmation sent again and its new cooldown's start. */
export const resendAnswerSchema = pendingConfirmationSchema.pick({ message: true, dateStart: true });
export type ResendAnswer = z.infer<typeof resendAnswerSchema>;

/** `GET /api/auth/check` answer. */
export const authCheckSchema = z.object({
  loggedIn: z.boolean(),
  isAdmin: z.boolean(),
  role: z.string().nullable(),
});
export type AuthCheck = z.infer<typeof authCheckSchema>;

/** Seconds left before a resend is allowed, from the pending data's dateStart. */
export function resendSecondsLeft(dateStart: string, now: number, cooldownSeconds: number): number {
  const elapsed = (now - new Date(dateStart).getTime()) / 1000;
  return Math.max(0, Math.ceil(cooldownSeconds - elapsed));
}
