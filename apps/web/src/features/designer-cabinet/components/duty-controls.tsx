import { FieldTimeOutlined, SearchOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Spin, Tag, Typography } from 'antd';
import { OrderCountdown } from '@/components/staff-order/order-countdown';
import { useDesignerCabinet } from '../hooks/use-designer-cabinet';
import { DesignerText } from '../texts';

/**
 * Idle: go on duty, and why the search stopped if the order's time ran out. Searching: a spinner and the
 * cancel button, or that the search waits for the connection. Working: the countdown, and while the
 * extension is offered its button here too, where the keyboard finds it; offline past the server's grace
 * period, no countdown but that the order may have gone back to the queue.
 */
export function DutyControls() {
  const cabinet = useDesignerCabinet();

  if (cabinet.phase === 'working' && cabinet.holdInDoubt) {
    // Said in the live region when it happens; plain text here, for whoever looks.
    return (
      <Flex vertical gap="small" align="start">
        <Tag color="warning">{DesignerText.holdInDoubtTag}</Tag>
        {cabinet.holderGraceSeconds && (
          <Typography.Text type="warning">
            {DesignerText.holdInDoubt(cabinet.holderGraceSeconds)}
          </Typography.Text>
        )}
      </Flex>
    );
  }

  if (cabinet.phase === 'working') {
    return (
      <Flex vertical gap="small" align="start">
        <Tag color="processing">{DesignerText.inWork}</Tag>
        {cabinet.order && (
          <OrderCountdown title={DesignerText.timeLeft} deadline={cabinet.deadline} order={cabinet.order} />
        )}
        {cabinet.extensionOffered && (
          <Button type="primary" icon={<FieldTimeOutlined aria-hidden />} onClick={cabinet.acceptExtension}>
            {DesignerText.extend}
          </Button>
        )}
      </Flex>
    );
  }

  if (cabinet.phase === 'searching') {
    // No orders come through a connection that is down: the search is not presented as going on.
    return (
      <Flex align="center" gap="middle" wrap role="status">
        {cabinet.connected ? (
          <>
            <Spin />
            <Typography.Text>{DesignerText.searching}</Typography.Text>
          </>
        ) : (
          <Typography.Text type="warning">{DesignerText.searchPaused}</Typography.Text>
        )}
        <Button icon={<StopOutlined aria-hidden />} onClick={cabinet.cancelSearch}>
          {DesignerText.cancelSearch}
        </Button>
      </Flex>
    );
  }

  return (
    <Flex vertical gap="small" align="start">
      {cabinet.stoppedBy && (
        <Alert
          type="warning"
          showIcon
          title={
            cabinet.stoppedBy === 'offerLapsed'
              ? DesignerText.stoppedAfterOfferLapsed
              : DesignerText.stoppedAfterTimeRanOut
          }
        />
      )}
      <Typography.Text type="secondary">{DesignerText.idleHint}</Typography.Text>
      <Button
        type="primary"
        icon={<SearchOutlined aria-hidden />}
        disabled={!cabinet.online}
        onClick={cabinet.goOnDuty}
      >
        {DesignerText.goOnDuty}
      </Button>
    </Flex>
  );
}
