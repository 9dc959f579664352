import { CustomerText } from '@retouch/shared/texts';
import { MAX_REVISION_LENGTH, revisionSchema } from '@retouch/shared/orders';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { schemaRule } from '@/lib/schema-rule';
import { useRequestRevision } from '../api/request-revision';
import { OrderHistoryText } from '../texts';

const messageRule = schemaRule(revisionSchema.shape.message);

/** 'For revision' reveals a message box; Send asks the designer to rework the order. */
export function RevisionForm({ orderId, onSent }: { orderId: string; onSent: () => void }) {
  const { notification } = App.useApp();
  const [open, setOpen] = useState(false);
  const revision = useRequestRevision();

  if (!open) {
    return <Button onClick={() => setOpen(true)}>{OrderHistoryText.forRevision}</Button>;
  }

  const send = ({ message }: { message: string }) =>
    revision.mutate(
      { orderId, message },
      {
        onSuccess: ({ message: answer }) => {
          notification.success({ title: CustomerText.success, description: answer });
          onSent();
        },
        onError: (error) =>
          notification.error({
            title: CustomerText.error,
            description: errorMessage(error, CustomerText.somethingWrong),
          }),
      },
    );

  return (
    <Form layout="vertical" onFinish={send} style={{ width: '100%' }}>
      <Form.Item label={OrderHistoryText.revisionMessage} name="message" rules={[messageRule]}>
        <Input.TextArea autoFocus rows={4} maxLength={MAX_REVISION_LENGTH} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={revision.isPending}>
        {OrderHistoryText.sendRevision}
      </Button>
    </Form>
  );
}
