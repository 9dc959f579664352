import { CustomerText } from '@retouch/shared/texts';
import { DEFAULT_TIP, MAX_TIP, TIP_PRESETS, tipSchema } from '@retouch/shared/orders';
import { App, Button, Flex, Form, InputNumber, Modal } from 'antd';
import { errorMessage } from '@/lib/api-client';
import { schemaRule } from '@/lib/schema-rule';
import { useLeaveTip } from '../api/leave-tip';
import { OrderHistoryText } from '../texts';

const TIP_STEP = 5;
const amountRule = schemaRule(tipSchema.shape.data.shape.amount);

interface TipDialogProps {
  orderId: string;
  onClose: () => void;
}

/** Leave-a-tip dialog: preset amounts, a number box and the send button. */
export function TipDialog({ orderId, onClose }: TipDialogProps) {
  const { notification } = App.useApp();
  const [form] = Form.useForm<{ amount: number | null }>();
  const amount = Form.useWatch('amount', form);
  const leaveTip = useLeaveTip();

  const send = ({ amount: value }: { amount: number | null }) =>
    leaveTip.mutate(
      { orderId, amount: value ?? 0 },
      {
        onSuccess: ({ message }) => {
          notification.success({ title: CustomerText.success, description: message });
          onClose();
        },
        onError: (error) =>
          notification.error({
            title: CustomerText.error,
            description: errorMessage(error, CustomerText.somethingWrong),
          }),
      },
    );

  return (
    <Modal open title={OrderHistoryText.tipDialogTitle} onCancel={onClose} footer={null} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ amount: DEFAULT_TIP }} onFinish={send}>
        <Flex gap="small" wrap style={{ marginBottom: 16 }}>
          {TIP_PRESETS.map((preset) => (
            <Button
              key={preset}
              type={amount === preset ? 'primary' : 'default'}
              aria-pressed={amount === preset}
              onClick={() => form.setFieldsValue({ amount: preset })}
            >
              {preset}
            </Button>
          ))}
        </Flex>
        <Form.Item label={OrderHistoryText.tipAmount} name="amount" rules={[amountRule]}>
          <InputNumber min={1} max={MAX_TIP} step={TIP_STEP} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={leaveTip.isPending} block>
          {OrderHistoryText.sendTip}
        </Button>
      </Form>
    </Modal>
  );
}
