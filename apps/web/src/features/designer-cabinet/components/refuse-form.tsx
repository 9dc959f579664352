import { DispatchText } from '@retouch/shared/dispatch';
import { AdminText } from '@retouch/shared/texts';
import { StopOutlined } from '@ant-design/icons';
import { App, Button, Flex, Form, Select } from 'antd';
import { useId, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useRefusalReasons } from '@/lib/api/get-refusal-reasons';
import { useRefuseOrder } from '../api/refuse-order';
import { useDesignerCabinet } from '../hooks/use-designer-cabinet';
import { DesignerText } from '../texts';

/** Refusing the order with a chosen reason, asked to confirm first. */
export function RefuseForm() {
  const selectId = useId();
  const { handOver } = useDesignerCabinet();
  const { message, modal, notification } = App.useApp();
  const reasons = useRefusalReasons();
  const refuse = useRefuseOrder();
  const [reasonId, setReasonId] = useState<string | null>(null);

  const showError = (description: string) => notification.error({ title: AdminText.error, description });

  const confirmRefusal = (chosen: string) =>
    modal.confirm({
      title: DesignerText.refuseConfirm,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const answer = await refuse.mutateAsync(chosen);
          void message.success(answer.message);
          handOver();
        } catch (error) {
          showError(errorMessage(error, AdminText.somethingWrong));
        }
      },
    });

  const onRefuse = () => {
    if (!reasonId) showError(DispatchText.reasonMissing);
    else confirmRefusal(reasonId);
  };

  return (
    <Form.Item label={DesignerText.refuseReason} htmlFor={selectId}>
      <Flex gap="small" wrap>
        <Select
          id={selectId}
          style={{ minWidth: 240 }}
          loading={reasons.isPending}
          value={reasonId}
          onChange={setReasonId}
          options={reasons.data
            // A reason is added empty and titled after (back office section 2): untitled, it is no choice.
            ?.filter((reason) => reason.title.admin.trim() !== '')
            .map((reason) => ({ value: reason._id, label: reason.title.admin }))}
        />
        <Button danger icon={<StopOutlined aria-hidden />} loading={refuse.isPending} onClick={onRefuse}>
          {DesignerText.refuse}
        </Button>
      </Flex>
    </Form.Item>
  );
}
