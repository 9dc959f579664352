import { LogoutOutlined, SearchOutlined, StopOutlined } from '@ant-design/icons';
import { REVIEW_RELEASE_GRACE_SECONDS } from '@retouch/shared/review';
import { Button, Flex, Spin, Tag, Typography } from 'antd';
import { OrderCountdown } from '@/components/staff-order/order-countdown';
import { useModeratorWorkplace } from '../hooks/use-moderator-workplace';
import { isRefusalUnderReview } from '../utils/order-view';
import { ModeratorText } from '../texts';

/**
 * Idle: go on duty. Searching: a spinner and the cancel button. Reviewing: the countdown and stop; offline
 * past the server's grace period, no countdown but that the order may have gone back to the queue.
 */
export function DutyControls({ canReview }: { canReview: boolean }) {
  const workplace = useModeratorWorkplace();

  if (workplace.phase === 'reviewing' && workplace.order) {
    const refusal = isRefusalUnderReview(workplace.order);
    return (
      <Flex vertical gap="small" align="start">
        {workplace.holdInDoubt ? (
          // Said in the live region when it happens; plain text here, for whoever looks.
          <>
            <Tag color="warning">{ModeratorText.holdInDoubtTag}</Tag>
            <Typography.Text type="warning">
              {ModeratorText.holdInDoubt(REVIEW_RELEASE_GRACE_SECONDS)}
            </Typography.Text>
          </>
        ) : (
          <>
            <Tag color={refusal ? 'warning' : 'processing'}>
              {refusal ? ModeratorText.reviewingRefusal : ModeratorText.reviewingResult}
            </Tag>
            <OrderCountdown
              title={ModeratorText.timeLeft}
              deadline={workplace.deadline}
              order={workplace.order}
            />
          </>
        )}
        <Button icon={<LogoutOutlined aria-hidden />} onClick={workplace.stopReviewing}>
          {ModeratorText.stopReviewing}
        </Button>
      </Flex>
    );
  }

  if (workplace.phase === 'searching') {
    return (
      <Flex align="center" gap="middle" wrap role="status">
        <Spin />
        <Typography.Text>{ModeratorText.searching}</Typography.Text>
        <Button icon={<StopOutlined aria-hidden />} onClick={workplace.cancelSearch}>
          {ModeratorText.cancelSearch}
        </Button>
      </Flex>
    );
  }

  return (
    <Flex vertical gap="small" align="start">
      <Typography.Text type="secondary">{ModeratorText.idleHint}</Typography.Text>
      <Button
        type="primary"
        icon={<SearchOutlined aria-hidden />}
        disabled={!workplace.online || !canReview}
        onClick={workplace.goOnDuty}
      >
        {ModeratorText.goOnDuty}
      </Button>
    </Flex>
  );
}
