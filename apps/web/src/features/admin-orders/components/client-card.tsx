import type { StaffOrder } from '@retouch/shared/dispatch';
import { Card, Descriptions, Skeleton } from 'antd';
import { formatTokens } from '@/lib/format-amount';
import { useUserInfo } from '../api/get-user-info';
import { AdminOrdersUiText } from '../texts';

const UNKNOWN = '—';

const balanceText = ({ main, bonus }: { main: number; bonus: number }) =>
  [
    `${AdminOrdersUiText.balanceMain}: ${formatTokens(main)}`,
    `${AdminOrdersUiText.balanceBonus}: ${formatTokens(bonus)}`,
  ].join(' · ');

/** The order's client: name and e-mail from the order, balance from the client's account. */
export function ClientCard({ client }: { client: StaffOrder['client'] }) {
  const info = useUserInfo(client._id);
  const balance = info.data?.balance;
  return (
    <Card title={AdminOrdersUiText.client}>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={AdminOrdersUiText.clientName}>
          {`${client.name.giveName} ${client.name.familyName}`}
        </Descriptions.Item>
        <Descriptions.Item label="E-mail">{client.email}</Descriptions.Item>
        <Descriptions.Item label={AdminOrdersUiText.balance}>
          {info.isPending ? <Skeleton.Input active size="small" /> : balance ? balanceText(balance) : UNKNOWN}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
