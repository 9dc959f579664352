import { CustomerText } from '@retouch/shared/texts';
import { newPasswordSchema } from '@retouch/shared/users';
import type { FormRule } from 'antd';
import { schemaRule } from './schema-rule';

/** A new password (profile, password reset): the server's schema and texts (customer-side section 5). */
export const newPasswordRule = schemaRule(newPasswordSchema);

/** The confirmation must equal the field `password`. */
export const confirmPasswordRule: FormRule = ({ getFieldValue }) => ({
  validator: (_, value: string | undefined) =>
    !value || getFieldValue('password') === value
      ? Promise.resolve()
      : Promise.reject(new Error(CustomerText.passwordsDontMatch)),
});
