import { MIN_PASSWORD_LENGTH } from '@retouch/shared/constants';
import { CustomerText } from '@retouch/shared/texts';
import type { FormRule } from 'antd';

/** The profile's password rules (customer-side section 5): required, at least 6 characters. */
export const newPasswordRules: FormRule[] = [
  { required: true, message: CustomerText.fieldEmpty },
  { min: MIN_PASSWORD_LENGTH, message: CustomerText.passwordTooShort },
];

/** The confirmation must equal the field `password`. */
export const confirmPasswordRule: FormRule = ({ getFieldValue }) => ({
  validator: (_, value: string | undefined) =>
    !value || getFieldValue('password') === value
      ? Promise.resolve()
      : Promise.reject(new Error(CustomerText.passwordsDontMatch)),
});
