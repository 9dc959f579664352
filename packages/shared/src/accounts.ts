import { z } from 'zod';
import { registrationSchema } from './auth';
import { CustomerText } from './texts';
import { newPasswordSchema } from './users';

/** A password-reset link is valid this long. */
export const PASSWORD_RESET_TTL_HOURS = 1;
/** At most one reset mail per account in this time; further requests are answered but send nothing. */
export const PASSWORD_RESET_MAIL_COOLDOWN_SECONDS = 60;
/** Uploaded photos and history images are kept this long (customer-side sections 1 and 9). */
export const PICTURE_RETENTION_DAYS = 30;

/** Server answers and mail texts of password reset and account deletion. */
export const AccountText = {
  resetRequested: 'If an account exists for this e-mail, we have sent a link to reset the password.',
  resetLinkInvalid: 'The reset link is invalid or has expired',
  passwordReset: 'Your password has been changed. Log in with the new password.',
  accountDeleted: 'Your account has been deleted',
  wrongPassword: 'The password is wrong',
  wrongEmail: 'The e-mail does not match your account',
  staffCannotDelete: 'A staff account cannot be deleted here: an administrator deletes it',
  ordersInWork: 'An order is still in work: delete the account once it is finished',
} as const;

/** Texts of the customer-side screens of this slice. */
export const AccountUiText = {
  forgotTitle: 'Forgot password?',
  forgotIntro: 'Enter the e-mail of your account and we will send you a link to set a new password.',
  sendLink: 'Send reset link',
  backToLogin: 'Back to login',
  resetTitle: 'Set a new password',
  savePassword: 'Save password',
  linkMissing: 'The reset link is incomplete. Request a new one.',
  requestNewLink: 'Request a new link',
  deleteTitle: 'Delete account',
  deleteConsequences:
    'Deleting your account removes your photos and result pictures, erases your name and e-mail, and ends every session. Your remaining tokens are lost. Orders stay in our books without your personal data. This cannot be undone.',
  deleteConfirmPassword: 'Password to confirm',
  deleteConfirmEmail: 'Type your e-mail to confirm',
  deleteNoPasswordHint: 'Your account has no password: type its e-mail to confirm.',
  deleteButton: 'Delete my account',
  deleteConfirmTitle: 'Delete your account for good?',
  deleteConfirmOk: 'Delete',
  cancel: 'Cancel',
  picturesKept: `Uploaded photos and history images are kept only ${PICTURE_RETENTION_DAYS} days.`,
  pictureExpired: `This picture was deleted after ${PICTURE_RETENTION_DAYS} days`,
  pictureExpiredStaff: `Изображение удалено через ${PICTURE_RETENTION_DAYS} дней`,
} as const;

/** `POST /api/password/forgot` body. */
export const forgotPasswordSchema = z.object({ email: registrationSchema.shape.email });
export type ForgotPasswordBody = z.input<typeof forgotPasswordSchema>;

/** `POST /api/password/reset` body: the link's token and the new password (the profile's rules). */
export const resetPasswordSchema = z.object({
  token: z.string().min(1, AccountText.resetLinkInvalid).max(200, AccountText.resetLinkInvalid),
  password: newPasswordSchema,
});
export type ResetPasswordBody = z.input<typeof resetPasswordSchema>;

/**
 * `DELETE /api/user/account` body: the password, or for an account without one (social login only)
 * its e-mail typed again.
 */
export const deleteAccountSchema = z
  .object({
    password: z.string().min(1).max(200).optional(),
    email: z.string().trim().min(1).max(254).optional(),
  })
  .refine((body) => body.password !== undefined || body.email !== undefined, {
    message: CustomerText.fieldEmpty,
  });
export type DeleteAccountBody = z.input<typeof deleteAccountSchema>;

/** `GET /api/user/account`: how the deletion is confirmed. */
export const accountSecuritySchema = z.object({ hasPassword: z.boolean() });
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;
