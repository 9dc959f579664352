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

/** Why a new password is refused beyond its length (issue 35): our wording, the specification gives none. */
export const PasswordText = {
  oneCharacter: 'The password cannot be one character repeated',
  run: 'The password cannot be a run of consecutive characters, like abcdef or 654321',
  productName: 'The password cannot contain the word Retouch',
} as const;
export type PasswordWeakness = keyof typeof PasswordText;

/** `PasswordText` as the back office reads it (back office section 1). */
export const AdminPasswordText = {
  oneCharacter: 'Пароль не может состоять из одного повторяющегося символа',
  run: 'Пароль не может быть последовательностью символов вроде abcdef или 654321',
  productName: 'Пароль не может содержать слово Retouch',
} as const satisfies Record<PasswordWeakness, string>;

/** The product's name, which a password must not contain (the first word an attacker tries on this site). */
const PRODUCT_NAME = 'retouch';
/** Digits in keyboard order: `7890` is a run as typed, though `0` comes before `1`. */
const DIGIT_ROW = '01234567890';

/** True when each character is the one after (or each the one before) the previous, as in `abcdef` or `654321`. */
function isRun(password: string): boolean {
  if (DIGIT_ROW.includes(password) || [...DIGIT_ROW].reverse().join('').includes(password)) return true;
  const points = Array.from(password, (character) => character.codePointAt(0)!);
  const step = points[1]! - points[0]!;
  return (
    (step === 1 || step === -1) && points.every((point, i) => i === 0 || point - points[i - 1]! === step)
  );
}

/**
 * Which rule a new password breaks beyond its length, undefined when none: one character repeated
 * (`aaaaaa`, six spaces), a run (`abcdef`, `123456`, `fedcba`), or the product's name in any case.
 */
export function passwordWeakness(password: string): PasswordWeakness | undefined {
  const lower = password.toLowerCase();
  if ([...lower].length < 2) return undefined;
  if (new Set(lower).size === 1) return 'oneCharacter';
  if (isRun(lower)) return 'run';
  if (lower.replace(/[^a-z]/g, '').includes(PRODUCT_NAME)) return 'productName';
  return undefined;
}

/** A zod check refusing a weak new password with the text of its weakness, in the language of the screen. */
export function weakPasswordCheck(texts: Record<PasswordWeakness, string>) {
  return (context: { value: string; issues: z.core.$ZodRawIssue[] }) => {
    const weakness = passwordWeakness(context.value);
    if (weakness) context.issues.push({ code: 'custom', input: context.value, message: texts[weakness] });
  };
}

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, CustomerText.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH)
  .check(weakPasswordCheck(PasswordText));

/** A new password as the profile and the password reset take it: filled, then the length and weakness rules. */
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

/** `PATCH /api/user/change/info` answer: the saved user, and the message of "'Success' plus the server message". */
export const changeInfoAnswerSchema = userInfoSchema.extend(messageSchema.shape);

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
