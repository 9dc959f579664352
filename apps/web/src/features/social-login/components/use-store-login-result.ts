import type { UserInfo } from '@retouch/shared/users';
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
 * Once the server has answered: stores the login as the login form does and goes to `successPath`,
 * or shows the error and goes back to /login.
 */
export function useStoreLoginResult(result: UseQueryResult<UserInfo>, successPath: string) {
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { status, data, error } = result;

  useEffect(() => {
    if (status === 'pending') return;
    if (status === 'success') {
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
