import type { Balance } from '@retouch/shared/users';
import { Card, Flex, Statistic, Typography } from 'antd';
import { NewOrderEta } from '@/components/order-eta/new-order-eta';
import { EditorText } from '../texts';
import { ExecutionTimer } from './execution-timer';

interface CostPanelProps {
  /** Null for a visitor who is not logged in. */
  balance: Balance | null;
  cost: number;
  minutes: number;
  /** The chosen services, for the estimate of when the result would come. */
  serviceIds: readonly string[];
}

/**
 * The balance (when logged in), the order's cost in coins, its countdown (the specification's timer)
 * and, once a service is chosen, when its result would come given the queue (decision 26).
 */
export function CostPanel({ balance, cost, minutes, serviceIds }: CostPanelProps) {
  return (
    <Card size="small">
      <Flex gap="large" wrap>
        {balance && (
          <div>
            <Typography.Text type="secondary">{EditorText.balance}</Typography.Text>
            <div data-testid="editor-balance">
              {EditorText.mainBalance}: {balance.main} · {EditorText.bonusBalance}: {balance.bonus}
            </div>
          </div>
        )}
        <Statistic
          title={EditorText.cost}
          value={cost}
          suffix={EditorText.coinUnit(cost)}
          data-testid="editor-cost"
        />
        <ExecutionTimer key={minutes} minutes={minutes} />
        {serviceIds.length > 0 && <NewOrderEta minutes={minutes} serviceIds={serviceIds} />}
      </Flex>
    </Card>
  );
}
