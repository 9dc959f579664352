import { CustomerText } from '@retouch/shared/texts';
import { App, Flex, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { setPendingRegistration } from '@/lib/session/pending-registration';
import { useConfirmEmail } from '../api/confirm-email';

/** Passes the confirmation link's query to the server, shows the answer, then always goes to /login. */
export function ConfirmEmail() {
  const { search } = useLocation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const confirmation = useConfirmEmail(search);
  const { status, data, error } = confirmation;

  useEffect(() => {
    if (status === 'pending') return;
    if (status === 'success') {
      setPendingRegistration(null);
      notification.success({ title: CustomerText.success, description: data.message });
    } else {
      notification.error({
        title: CustomerText.error,
        description: errorMessage(error, CustomerText.somethingWrong),
      });
    }
    void navigate('/login', { replace: true });
  }, [status, data, error, notification, navigate]);

  return (
    <Flex vertical align="center" gap="middle" style={{ padding: 48 }}>
      <Spin size="large" />
      <Typography.Text>{CustomerText.confirmingEmail}</Typography.Text>
    </Flex>
  );
}
