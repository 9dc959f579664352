import { MIN_PASSWORD_LENGTH } from '@retouch/shared/constants';
import { CustomerText } from '@retouch/shared/texts';
import { App, Button, Form, Input, type FormRule } from 'antd';
import { errorMessage } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';

interface ChangePasswordValues {
  oldPassword: string;
  password: string;
  confirm: string;
}

const passwordRules: FormRule[] = [
  { required: true, message: CustomerText.fieldEmpty },
  { min: MIN_PASSWORD_LENGTH, message: CustomerText.passwordTooShort },
];

const confirmRule: FormRule = ({ getFieldValue }) => ({
  validator: (_, value: string | undefined) =>
    !value || getFieldValue('password') === value
      ? Promise.resolve()
      : Promise.reject(new Error(CustomerText.passwordsDontMatch)),
});

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
      <Form.Item label={CustomerText.oldPassword} name="oldPassword" rules={passwordRules}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item label={CustomerText.newPassword} name="password" rules={passwordRules}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={CustomerText.confirmPassword}
        name="confirm"
        dependencies={['password']}
        rules={[...passwordRules, confirmRule]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
        {CustomerText.save}
      </Button>
    </Form>
  );
}
