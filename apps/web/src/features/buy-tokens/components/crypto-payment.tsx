import type { Balance } from '@retouch/shared/users';
import { Flex, Typography, theme } from 'antd';
import { useEffect, useEffectEvent, useState } from 'react';
import { BuyTokensText } from '../texts';

/** Tall enough for the invoice page (amount, address, status, the sandbox button) without scrolling. */
const CRYPTO_FRAME_HEIGHT = 480;

interface CryptoPaymentProps {
  productId: string;
  /** The customer's balance as the header shows it; the socket updates it when a payment is credited. */
  balance: Balance;
  onPaid: (balance: Balance | null) => void;
}

/** The server's crypto invoice page, embedded; a rise of the balance while it is open means it was paid. */
export function CryptoPayment({ productId, balance, onPaid }: CryptoPaymentProps) {
  const { token } = theme.useToken();
  const [balanceAtStart] = useState(balance);
  const credited = balance.main > balanceAtStart.main || balance.bonus > balanceAtStart.bonus;
  const announcePaid = useEffectEvent(() => onPaid(null));

  useEffect(() => {
    if (credited) announcePaid();
  }, [credited]);

  return (
    <Flex vertical gap="small">
      <Typography.Text type="secondary">{BuyTokensText.cryptoHint}</Typography.Text>
      <iframe
        title={BuyTokensText.cryptoFrame}
        src={`/api/payment/${encodeURIComponent(productId)}`}
        style={{
          width: '100%',
          height: CRYPTO_FRAME_HEIGHT,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      />
    </Flex>
  );
}
