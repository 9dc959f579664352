import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import { CustomerText } from './texts';

/** A person's name as the specification names its parts. */
export const nameSchema = z.object({
  giveName: z.string().trim().min(1, CustomerText.fieldEmpty).max(MAX_NAME_LENGTH),
  familyName: z.string().trim().min(1, CustomerText.fieldEmpty).max(MAX_NAME_LENGTH),
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

/** `PATCH /api/user/change/password` body. */
export const changePasswordSchema = z.object({
  oldPassword: z.string().min(1, CustomerText.fieldEmpty),
  password: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;

/** The `data` JSON part of `PATCH /api/user/change/info`. */
export const changeInfoDataSchema = z.object({ name: nameSchema });
export type ChangeInfoData = z.infer<typeof changeInfoDataSchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageSchema>;
