import type { Balance } from '@retouch/shared/users';
import { Card, Flex, Statistic, Typography } from 'antd';
import { EditorText } from '../texts';
import { ExecutionTimer } from './execution-timer';

interface CostPanelProps {
  /** Null for a visitor who is not logged in. */
  balance: Balance | null;
  cost: number;
  minutes: number;
}

/** The balance (when logged in), the order's cost in coins and its countdown. */
export function CostPanel({ balance, cost, minutes }: CostPanelProps) {
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
      </Flex>
    </Card>
  );
}
