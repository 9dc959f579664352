import { CustomerText } from '@retouch/shared/texts';
import { MAX_REVISION_LENGTH, revisionSchema } from '@retouch/shared/orders';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { schemaRule } from '@/lib/schema-rule';
import { useRequestRevision } from '../api/request-revision';
import { OrderHistoryText } from '../texts';

const messageRule = schemaRule(revisionSchema.shape.message);

const characters = (text: string) => [...text];
/**
 * At most 400 characters (customer-side section 5), counted as the server counts them (an emoji is one)
 * and cut whatever put them in the box, an input method, autofill or a script as well as typing: a
 * longer message reached the form and was refused with 'Message is required' (issue 36).
 */
const messageCount = {
  show: true,
  max: MAX_REVISION_LENGTH,
  strategy: (text: string) => characters(text).length,
  exceedFormatter: (text: string, { max }: { max: number }) => characters(text).slice(0, max).join(''),
};

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
        <Input.TextArea autoFocus rows={4} count={messageCount} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={revision.isPending}>
        {OrderHistoryText.sendRevision}
      </Button>
    </Form>
  );
}
