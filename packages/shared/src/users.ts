import { z } from 'zod';
import {
  IMAGE_FORMATS,
  MAX_AVATAR_BYTES,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from './constants';
import { CustomerText } from './texts';

/** A text the user must fill: missing, empty (or only spaces, where trimmed) says so in the profile's words. */
const filledText = () => z.string({ error: CustomerText.fieldEmpty });

/** A person's name as the specification names its parts. */
export const nameSchema = z.object({
  giveName: filledText().trim().min(1, CustomerText.fieldEmpty).max(MAX_NAME_LENGTH),
  familyName: filledText().trim().min(1, CustomerText.fieldEmpty).max(MAX_NAME_LENGTH),
});
export type Name = z.infer<typeof nameSchema>;

export const balanceSchema = z.object({ main: z.number().int(), bonus: z.number().int() });
export type Balance = z.infer<typeof balanceSchema>;

/** The user data the login and `GET /api/user/info` answer with. */
export const userInfoSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.object({ giveName: z.string(), familyName: z.string() }),
  picture: z.string(),
  role: z.object({ title: z.string() }),
  balance: balanceSchema,
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, CustomerText.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH);

/** A new password as the profile and the password reset take it: filled, then the length rules. */
export const newPasswordSchema = filledText().min(1, CustomerText.fieldEmpty).pipe(passwordSchema);

/** `PATCH /api/user/change/password` body. */
export const changePasswordSchema = z.object({
  oldPassword: filledText().min(1, CustomerText.fieldEmpty),
  password: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;

/** The `data` JSON part of `PATCH /api/user/change/info`. */
export const changeInfoDataSchema = z.object({ name: nameSchema });
export type ChangeInfoData = z.infer<typeof changeInfoDataSchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageSchema>;

/** Picture files the server takes as an avatar: MIME types and their file endings (IMAGE_FORMATS). */
export const AVATAR_FILE_TYPES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  IMAGE_FORMATS.map(({ mime, endings }) => [mime, endings]),
);

const AVATAR_LIMIT_MB = MAX_AVATAR_BYTES / (1024 * 1024);

/** Why a chosen avatar is refused before any upload (issue 19). */
export const AvatarText = {
  notImage: 'This file is not a picture. Choose a JPEG, PNG, WebP, GIF, AVIF, TIFF or HEIF image.',
  tooLarge: `The picture is too large: an avatar can be at most ${AVATAR_LIMIT_MB} MB.`,
} as const;

/**
 * Why a chosen avatar file cannot be sent, judged by its MIME type, name ending and size; undefined when
 * it can. A file without a MIME type (HEIC on some systems) is judged by its ending alone.
 */
export function avatarFileProblem(file: { name: string; type: string; size: number }): string | undefined {
  const name = file.name.toLowerCase();
  const endings = file.type ? AVATAR_FILE_TYPES[file.type] : Object.values(AVATAR_FILE_TYPES).flat();
  if (!endings?.some((ending) => name.endsWith(ending))) return AvatarText.notImage;
  if (file.size > MAX_AVATAR_BYTES) return AvatarText.tooLarge;
  return undefined;
}
