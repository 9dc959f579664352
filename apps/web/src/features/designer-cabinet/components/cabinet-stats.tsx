import { Flex, Statistic } from 'antd';
import { useEarnedToday } from '../api/get-earned-today';
import { useQueueRate } from '../hooks/use-queue-rate';
import { DesignerText } from '../texts';

const UNKNOWN = '—';

/** The executor queue's size and what the designer earned today. */
export function CabinetStats({ designerPay }: { designerPay: number | null }) {
  const queueSize = useQueueRate();
  const earned = useEarnedToday();
  return (
    <Flex gap="large" wrap>
      <Statistic title={DesignerText.queueSize} value={queueSize ?? UNKNOWN} />
      <Statistic
        title={DesignerText.earnedToday}
        value={earned.isError ? UNKNOWN : (earned.data ?? 0)}
        loading={earned.isPending}
      />
      {designerPay !== null && <Statistic title={DesignerText.designerPay} value={designerPay} />}
    </Flex>
  );
}
