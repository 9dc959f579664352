import { isPendingConfirmation, type LoginAnswer } from '@retouch/shared/auth';
import { CustomerText } from '@retouch/shared/texts';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { setPendingRegistration } from '@/lib/session/pending-registration';
import { setSessionFlags } from '@/lib/session/session-flags';

/**
 * Once the server has answered: stores the login as the login form does and goes to `successPath`, or
 * keeps a pending confirmation for the login page's banner, or shows the error, and goes back to /login.
 */
export function useStoreLoginResult(result: UseQueryResult<LoginAnswer>, successPath: string) {
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { status, data, error } = result;

  useEffect(() => {
    if (status === 'pending') return;
    if (status === 'success') {
      // An unconfirmed account: the login page shows its banner, as after a login with a password.
      if (isPendingConfirmation(data)) {
        setPendingRegistration(data);
        void navigate('/login', { replace: true });
        return;
      }
      setPendingRegistration(null);
      queryClient.setQueryData(queryKeys.userInfo, data);
      setSessionFlags({ isAdmin: data.isAdmin });
      void navigate(successPath, { replace: true });
      return;
    }
    notification.error({
      title: CustomerText.error,
      description: errorMessage(error, CustomerText.somethingWrong),
    });
    void navigate('/login', { replace: true });
  }, [status, data, error, notification, navigate, queryClient, successPath]);
}
