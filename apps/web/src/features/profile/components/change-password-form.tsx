import { MIN_PASSWORD_LENGTH } from '@retouch/shared/constants';
import { CustomerText } from '@retouch/shared/texts';
import { changePasswordSchema } from '@retouch/shared/users';
import { App, Button, Form, Input } from 'antd';
import { z } from 'zod';
import { errorMessage } from '@/lib/api-client';
import { confirmPasswordRule, newPasswordRule } from '@/lib/password-rules';
import { schemaRule } from '@/lib/schema-rule';
import { useChangePassword } from '../api/change-password';

interface ChangePasswordValues {
  oldPassword: string;
  password: string;
  confirm: string;
}

// The server's schema and texts, and the specification's length (customer-side section 5: 'Passwords
// (old, new, confirm) required, minimum 6 characters'). Every password ever set had 6 characters at least.
const oldPasswordRule = schemaRule(
  changePasswordSchema.shape.oldPassword.pipe(
    z.string().min(MIN_PASSWORD_LENGTH, CustomerText.passwordTooShort),
  ),
);

/** Old, new and confirmed password. */
export function ChangePasswordForm() {
  const { notification } = App.useApp();
  const [form] = Form.useForm<ChangePasswordValues>();
  const changePassword = useChangePassword();

  const submit = ({ oldPassword, password }: ChangePasswordValues) =>
    changePassword.mutate(
      { oldPassword, password },
      {
        onSuccess: ({ message }) => {
          notification.success({ title: CustomerText.success, description: message });
          form.resetFields();
        },
        onError: (error) =>
          notification.error({
            title: CustomerText.error,
            description: errorMessage(error, CustomerText.somethingWrong),
          }),
      },
    );

  return (
    <Form<ChangePasswordValues> form={form} layout="vertical" onFinish={submit}>
      <Form.Item label={CustomerText.oldPassword} name="oldPassword" rules={[oldPasswordRule]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item label={CustomerText.newPassword} name="password" rules={[newPasswordRule]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={CustomerText.confirmPassword}
        name="confirm"
        dependencies={['password']}
        rules={[newPasswordRule, confirmPasswordRule]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
        {CustomerText.save}
      </Button>
    </Form>
  );
}
