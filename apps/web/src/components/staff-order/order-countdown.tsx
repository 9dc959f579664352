import { designerRemainingMs, type StaffOrder } from '@retouch/shared/dispatch';
import { Flex, Statistic, Typography } from 'antd';
import { useNow } from '@/lib/use-now';
import { StaffOrderText } from './texts';

interface OrderCountdownProps {
  title: string;
  /** When the specification's countdown ends: the order's time less the extension's 10 minutes, unless extended. */
  deadline: number;
  order: Pick<StaffOrder, 'executionTime' | 'dateStart'>;
}

/**
 * The clock of an order in hand, the designer's or the moderator's (back office section 4): the
 * specification's countdown while it runs. Once it has run out the order's own time may not have: the
 * extension is offered then, and a short order reaches the moderator with less than those 10 minutes.
 * The clock then counts to the end of the order's time, and says so, rather than read 00:00:00 while
 * time is left (issue 36). Not a live region: it would be read every second.
 */
export function OrderCountdown({ title, deadline, order }: OrderCountdownProps) {
  const now = useNow();
  const orderEnd = now + designerRemainingMs(order, true, now);
  const toOrderEnd = now >= deadline && orderEnd > now;
  return (
    <Flex vertical>
      <Statistic.Timer
        type="countdown"
        title={title}
        value={toOrderEnd ? orderEnd : deadline}
        format="HH:mm:ss"
      />
      {toOrderEnd && <Typography.Text type="secondary">{StaffOrderText.toOrderEnd}</Typography.Text>}
    </Flex>
  );
}
