import { PaymentText } from '@retouch/shared/payments';
import { CustomerText } from '@retouch/shared/texts';
import type { Balance, UserInfo } from '@retouch/shared/users';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { queryKeys } from '@/lib/query-keys';

/** Ends a payment that succeeded: says so, shows the new balance in the header when known, closes the dialog. */
export function usePaymentSuccess(onClose: () => void) {
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  return (balance: Balance | null) => {
    notification.success({ title: CustomerText.success, description: PaymentText.paymentSucceeded });
    if (balance)
      queryClient.setQueryData<UserInfo | null>(queryKeys.userInfo, (user) =>
        user ? { ...user, balance } : user,
      );
    void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
    onClose();
  };
}
