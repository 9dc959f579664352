import { isPendingConfirmation, type LoginBody } from '@retouch/shared/auth';
import { CustomerText } from '@retouch/shared/texts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { setPendingRegistration, usePendingRegistration } from '@/lib/session/pending-registration';
import { safeRedirectPath } from '@/lib/session/redirect';
import { setSessionFlags } from '@/lib/session/session-flags';
import { useLogin } from '../api/login';
import { PendingConfirmationBanner } from './pending-confirmation-banner';

/**
 * Login by e-mail or username; an unconfirmed account gets the pending-confirmation banner instead, and
 * a notice, as the banner may be there from the registration already. The e-mail field takes the focus
 * when the page opens, so the header's Login button leads into the form.
 */
export function LoginForm() {
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const pending = usePendingRegistration();
  const login = useLogin();

  const submit = (values: LoginBody) =>
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (answer) => {
          if (isPendingConfirmation(answer)) {
            setPendingRegistration(answer);
            notification.warning({ title: CustomerText.emailNotConfirmed, description: answer.message });
            return;
          }
          setPendingRegistration(null);
          queryClient.setQueryData(queryKeys.userInfo, answer);
          setSessionFlags({ isAdmin: answer.isAdmin });
          void navigate(safeRedirectPath(searchParams.get('redirect')), { replace: true });
        },
        onError: (error) =>
          notification.error({
            title: CustomerText.error,
            description: errorMessage(error, CustomerText.somethingWrong),
          }),
      },
    );

  return (
    <>
      {pending && <PendingConfirmationBanner pending={pending} />}
      <Form<LoginBody> layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          label={CustomerText.emailOrUsername}
          name="email"
          rules={[{ required: true, whitespace: true, message: CustomerText.emailRequired }]}
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          label={CustomerText.password}
          name="password"
          rules={[{ required: true, message: CustomerText.passwordRequired }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {CustomerText.login}
        </Button>
        <Flex justify="space-between" style={{ marginTop: 16 }}>
          <Link to="/forgot-password">{CustomerText.forgotPassword}</Link>
          <Link to="/register">{CustomerText.signUp}</Link>
        </Flex>
      </Form>
    </>
  );
}
