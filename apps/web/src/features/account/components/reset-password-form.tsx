import { AccountText, AccountUiText } from '@retouch/shared/accounts';
import { CustomerText } from '@retouch/shared/texts';
import { Alert, App, Button, Form, Input, Result } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '@/lib/api-client';
import { confirmPasswordRule, newPasswordRule } from '@/lib/password-rules';
import { useResetPassword } from '../api/reset-password';

interface ResetPasswordValues {
  password: string;
  confirm: string;
}

const requestNewLink = (
  <Link key="new-link" to="/forgot-password">
    {AccountUiText.requestNewLink}
  </Link>
);

/** The new password and its confirmation for the e-mailed link's token; success goes to /login. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const reset = useResetPassword();

  if (!token) return <Result status="warning" title={AccountUiText.linkMissing} extra={requestNewLink} />;

  const submit = ({ password }: ResetPasswordValues) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: ({ message }) => {
          notification.success({ title: CustomerText.success, description: message });
          void navigate('/login', { replace: true });
        },
      },
    );

  // A refused link stays on screen with the way to a new one; a refused password only asks for another.
  const refused =
    reset.error instanceof ApiError &&
    reset.error.status === 400 &&
    reset.error.message === AccountText.resetLinkInvalid;
  return (
    <>
      {reset.error && (
        <Alert
          role="alert"
          type="error"
          showIcon
          title={errorMessage(reset.error, CustomerText.somethingWrong)}
          description={refused ? requestNewLink : undefined}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<ResetPasswordValues> layout="vertical" onFinish={submit} requiredMark={false}>
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
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          {AccountUiText.savePassword}
        </Button>
      </Form>
    </>
  );
}
