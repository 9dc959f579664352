import { dictionary } from '@zxcvbn-ts/language-common';
import { ServerText } from '@retouch/shared/texts';
import { AppError } from './app-error';

/** How many of the most common passwords (zxcvbn-ts's ranked list, most common first) are refused. */
const REFUSED_COMMON_PASSWORDS = 1000;

// Built on first use; the list stays on the server (the web bundle never imports this file).
let refused: ReadonlySet<string> | undefined;

/** True when the password, in any letter case, is one of the most common passwords. */
function isCommonPassword(password: string): boolean {
  refused ??= new Set(dictionary['passwords-common'].slice(0, REFUSED_COMMON_PASSWORDS));
  return refused.has(password.toLowerCase());
}

/** Refuses a new password that is one of the most common ones, with 400 and its text. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw AppError.badRequest(ServerText.passwordTooCommon);
}
