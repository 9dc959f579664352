import { CustomerText } from '@retouch/shared/texts';
import { DEFAULT_TIP, TIP_PRESETS, tipSchema } from '@retouch/shared/orders';
import { App, Button, Flex, Form, InputNumber, Modal } from 'antd';
import { errorMessage } from '@/lib/api-client';
import { schemaRule } from '@/lib/schema-rule';
import { useLeaveTip } from '../api/leave-tip';
import { OrderHistoryText } from '../texts';

const TIP_STEP = 5;
const amountSchema = tipSchema.shape.data.shape.amount;
const amountRule = schemaRule(amountSchema);

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
      // The rule let only a whole amount from 1 to the maximum through: it is sent as it was typed.
      { orderId, amount: amountSchema.parse(value) },
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
        {/* No min, max or precision on the box: it would silently raise 0 to 1 or round 2.5 (issue 19);
            the rule refuses such amounts with the schema's texts instead. */}
        <Form.Item label={OrderHistoryText.tipAmount} name="amount" rules={[amountRule]}>
          <InputNumber step={TIP_STEP} style={{ width: '100%' }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={leaveTip.isPending} block>
          {OrderHistoryText.sendTip}
        </Button>
      </Form>
    </Modal>
  );
}
