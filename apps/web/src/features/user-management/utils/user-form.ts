import {
  AdminUsersText,
  type AdminChangeUserBody,
  type AdminRegistrationBody,
  type AdminUser,
} from '@retouch/shared/admin-users';

export interface AddUserValues {
  email?: string;
  giveName?: string;
  familyName?: string;
  password?: string;
  repeatPassword?: string;
}

const filled = (value: string | undefined) => (value ?? '').trim() !== '';

/** The add-user dialog's rule (back office section 5): every field filled, passwords equal; null when fine. */
export function addUserProblem(values: AddUserValues): string | null {
  const fields = [values.email, values.giveName, values.familyName, values.password, values.repeatPassword];
  if (!fields.every(filled)) return AdminUsersText.fieldsNotFilled;
  if (values.password !== values.repeatPassword) return AdminUsersText.passwordsDontMatch;
  return null;
}

export function registrationBodyOf(values: AddUserValues): AdminRegistrationBody {
  return {
    email: (values.email ?? '').trim(),
    password: values.password ?? '',
    name: { giveName: (values.giveName ?? '').trim(), familyName: (values.familyName ?? '').trim() },
  };
}

export interface EditUserValues {
  giveName: string;
  familyName: string;
  password?: string;
  repeatPassword?: string;
  main: number | null;
  bonus: number | null;
}

export function editValuesOf(user: AdminUser): EditUserValues {
  return {
    giveName: user.name.giveName,
    familyName: user.name.familyName,
    password: '',
    repeatPassword: '',
    main: user.balance.main,
    bonus: user.balance.bonus,
  };
}

/** The edit-user dialog's rule: the name filled, passwords equal; null when fine. */
export function editUserProblem(values: EditUserValues): string | null {
  if (!filled(values.giveName) || !filled(values.familyName)) return AdminUsersText.fieldsNotFilled;
  if ((values.password ?? '') !== (values.repeatPassword ?? '')) return AdminUsersText.passwordsDontMatch;
  return null;
}

/**
 * The body of `PATCH /api/admin/user/change/info/{id}`: the password only when filled, the balance only
 * when the admin changed it (so a payment arriving meanwhile is not overwritten by a stale figure).
 */
export function changeBodyOf(user: AdminUser, values: EditUserValues): AdminChangeUserBody {
  const body: AdminChangeUserBody = {
    name: { giveName: values.giveName.trim(), familyName: values.familyName.trim() },
  };
  if (values.password) body.password = values.password;
  const main = values.main ?? user.balance.main;
  const bonus = values.bonus ?? user.balance.bonus;
  if (main !== user.balance.main || bonus !== user.balance.bonus) body.balance = { main, bonus };
  return body;
}

/** A balance input's rule: a changed value must be at least 1 (back office section 5). */
export function balanceProblem(value: number | null, stored: number): string | null {
  if (value === null || value === stored) return null;
  return value >= 1 ? null : AdminUsersText.balanceMin;
}
