import { Typography } from 'antd';

/** "1 coin", "2 coins". */
const coinsText = (amount: number) => (amount === 1 ? '1 coin' : `${amount} coins`);

/** An amount of coins kept on one line: a narrow column never breaks it into "2 coi ns" (issue 19). */
export function CoinAmount({ amount, secondary = false }: { amount: number; secondary?: boolean }) {
  return (
    <Typography.Text type={secondary ? 'secondary' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {coinsText(amount)}
    </Typography.Text>
  );
}
