import { designerRefusedMessage } from '@retouch/shared/review';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Flex } from 'antd';
import { useAcceptRefusal } from '../api/accept-refusal';
import { useRejectRefusal } from '../api/reject-refusal';
import { useDecisionOutcome } from '../hooks/use-decision-outcome';
import { ModeratorText } from '../texts';

/**
 * A designer's refusal (condition 3): agree (an order never delivered is refunded, a refused revision
 * keeps its result; the server's answer says which) or not (back to the designers).
 */
export function RefusalDecision({ reason }: { reason: string }) {
  const accept = useAcceptRefusal();
  const reject = useRejectRefusal();
  const outcome = useDecisionOutcome();
  const busy = accept.isPending || reject.isPending;

  return (
    <Flex vertical gap="middle">
      <Alert type="warning" showIcon title={designerRefusedMessage(reason)} />
      <Flex gap="small" wrap>
        <Button
          type="primary"
          icon={<CheckOutlined aria-hidden />}
          loading={accept.isPending}
          disabled={busy}
          onClick={() => void outcome(accept.mutateAsync())}
        >
          {ModeratorText.approve}
        </Button>
        <Button
          danger
          icon={<CloseOutlined aria-hidden />}
          loading={reject.isPending}
          disabled={busy}
          onClick={() => void outcome(reject.mutateAsync())}
        >
          {ModeratorText.notAgree}
        </Button>
      </Flex>
    </Flex>
  );
}
