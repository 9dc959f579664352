import { AccountUiText, type ForgotPasswordBody } from '@retouch/shared/accounts';
import { CustomerText } from '@retouch/shared/texts';
import { Alert, App, Button, Form, Input, Typography } from 'antd';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useForgotPassword } from '../api/forgot-password';

/** Asks for a reset link by e-mail; the answer is the same whether or not the account exists. */
export function ForgotPasswordForm() {
  const { notification } = App.useApp();
  const forgot = useForgotPassword();

  const submit = ({ email }: ForgotPasswordBody) =>
    forgot.mutate(
      { email: email.trim() },
      {
        onError: (error) =>
          notification.error({
            title: CustomerText.error,
            description: errorMessage(error, CustomerText.somethingWrong),
          }),
      },
    );

  return (
    <>
      {forgot.data ? (
        <Alert
          role="status"
          type="success"
          showIcon
          title={forgot.data.message}
          style={{ marginBottom: 16 }}
        />
      ) : (
        <Typography.Paragraph>{AccountUiText.forgotIntro}</Typography.Paragraph>
      )}
      <Form<ForgotPasswordBody> layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          label={CustomerText.email}
          name="email"
          rules={[
            { required: true, whitespace: true, message: CustomerText.emailRequired },
            { type: 'email', message: CustomerText.emailInvalid },
          ]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={forgot.isPending}>
          {AccountUiText.sendLink}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        <Link to="/login">{AccountUiText.backToLogin}</Link>
      </Typography.Paragraph>
    </>
  );
}
