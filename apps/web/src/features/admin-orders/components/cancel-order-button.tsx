import type { StaffOrder } from '@retouch/shared/dispatch';
import { AdminText } from '@retouch/shared/texts';
import { StopOutlined } from '@ant-design/icons';
import { App, Button, Modal, Typography } from 'antd';
import { errorMessage } from '@/lib/api-client';
import { useCancelOrder } from '../api/cancel-order';
import { AdminOrdersUiText } from '../texts';

interface CancelOrderButtonProps {
  order: StaffOrder;
  confirming: boolean;
  onConfirmingChange: (confirming: boolean) => void;
}

/** Cancel by staff, asked first: the order ends (9), the client gets the tokens back, whoever holds it is freed. */
export function CancelOrderButton({ order, confirming, onConfirmingChange }: CancelOrderButtonProps) {
  const { message, notification } = App.useApp();
  const cancel = useCancelOrder(order);

  const confirm = () =>
    cancel.mutateAsync().then(
      (answer) => {
        void message.success(answer.message);
        onConfirmingChange(false);
      },
      (error: unknown) => {
        notification.error({
          title: AdminText.error,
          description: errorMessage(error, AdminText.somethingWrong),
        });
        onConfirmingChange(false);
      },
    );

  return (
    <>
      <Button danger icon={<StopOutlined aria-hidden />} onClick={() => onConfirmingChange(true)}>
        {AdminOrdersUiText.cancelOrder}
      </Button>
      <Modal
        open={confirming}
        title={AdminOrdersUiText.cancelConfirmTitle}
        okText={AdminOrdersUiText.cancelConfirm}
        cancelText={AdminOrdersUiText.cancelDismiss}
        okButtonProps={{ danger: true }}
        confirmLoading={cancel.isPending}
        onOk={confirm}
        onCancel={() => onConfirmingChange(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{AdminOrdersUiText.cancelConfirmText}</Typography.Paragraph>
      </Modal>
    </>
  );
}
