import { AccountUiText, forgotPasswordSchema, type ForgotPasswordBody } from '@retouch/shared/accounts';
import { CustomerText } from '@retouch/shared/texts';
import { Alert, App, Button, Form, Input, Typography } from 'antd';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { schemaRule } from '@/lib/schema-rule';
import { useForgotPassword } from '../api/forgot-password';

// The server's e-mail schema and texts: required, then a valid address.
const emailRule = schemaRule(forgotPasswordSchema.shape.email);

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
        <Form.Item label={CustomerText.email} name="email" required rules={[emailRule]}>
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
