import { AccountUiText, type DeleteAccountBody } from '@retouch/shared/accounts';
import { CustomerText } from '@retouch/shared/texts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Typography } from 'antd';
import { errorMessage } from '@/lib/api-client';
import { clearSessionFlags, setExitPath } from '@/lib/session/session-flags';
import { useAccountSecurity, useDeleteAccount } from '../api/delete-account';

interface DeleteAccountValues {
  confirmation: string;
}

/**
 * Self-service account deletion: what it does, the password (the e-mail for an account without one),
 * and a confirm dialog. On success the session is forgotten here and the visitor goes to / with a notice.
 */
export function DeleteAccountSection() {
  const { modal, notification } = App.useApp();
  const queryClient = useQueryClient();
  const security = useAccountSecurity();
  const deletion = useDeleteAccount();
  const byPassword = security.data?.hasPassword !== false;
  const label = byPassword ? AccountUiText.deleteConfirmPassword : AccountUiText.deleteConfirmEmail;

  const remove = (body: DeleteAccountBody) => {
    // The server ends the session (its sockets hear it first): whenever this page notices, it goes to /.
    setExitPath('/');
    return deletion.mutateAsync(body).then(
      ({ message }) => {
        notification.success({ title: CustomerText.success, description: message });
        clearSessionFlags();
        queryClient.removeQueries();
      },
      (error: unknown) => {
        setExitPath(null);
        notification.error({
          title: CustomerText.error,
          description: errorMessage(error, CustomerText.somethingWrong),
        });
      },
    );
  };

  const confirm = ({ confirmation }: DeleteAccountValues) =>
    modal.confirm({
      title: AccountUiText.deleteConfirmTitle,
      content: AccountUiText.deleteConsequences,
      okText: AccountUiText.deleteConfirmOk,
      okButtonProps: { danger: true },
      cancelText: AccountUiText.cancel,
      onOk: () => remove(byPassword ? { password: confirmation } : { email: confirmation }),
    });

  return (
    <section aria-label={AccountUiText.deleteTitle}>
      <Typography.Paragraph>{AccountUiText.deleteConsequences}</Typography.Paragraph>
      {!byPassword && (
        <Alert type="info" showIcon title={AccountUiText.deleteNoPasswordHint} style={{ marginBottom: 16 }} />
      )}
      <Form<DeleteAccountValues> layout="vertical" onFinish={confirm} requiredMark={false}>
        <Form.Item
          label={label}
          name="confirmation"
          rules={[{ required: true, whitespace: true, message: CustomerText.fieldEmpty }]}
        >
          {byPassword ? <Input.Password autoComplete="current-password" /> : <Input autoComplete="off" />}
        </Form.Item>
        <Button danger htmlType="submit" loading={deletion.isPending} disabled={security.isPending}>
          {AccountUiText.deleteButton}
        </Button>
      </Form>
    </section>
  );
}
