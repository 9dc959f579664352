import type { PaymentAmount, Product } from '@retouch/shared/payments';
import type { Balance } from '@retouch/shared/users';
import { useIsMutating } from '@tanstack/react-query';
import { Descriptions, Flex, Radio, Typography } from 'antd';
import { useId, useState } from 'react';
import { formatUsd } from '@/lib/format-usd';
import { cardPaymentKey } from '../hooks/use-card-payment';
import { BuyTokensText, PackageLabel } from '../texts';
import { CardPayment } from './card-payment';
import { CryptoPayment } from './crypto-payment';

type PaymentMethod = 'card' | 'crypto';

interface PaymentStepProps {
  product: Product;
  amount: PaymentAmount;
  balance: Balance;
  onPaid: (balance: Balance | null) => void;
}

/** Step 2: the chosen package with its tax and total, the payment method, and its form. */
export function PaymentStep({ product, amount, balance, onPaid }: PaymentStepProps) {
  const methodLabelId = useId();
  const paying = useIsMutating({ mutationKey: cardPaymentKey }) > 0;
  const [method, setMethod] = useState<PaymentMethod | null>(null);

  return (
    <Flex vertical gap="middle">
      <Descriptions
        size="small"
        column={1}
        bordered
        title={PackageLabel.name(product)}
        items={[
          { key: 'price', label: BuyTokensText.price, children: formatUsd(product.cost) },
          { key: 'tax', label: BuyTokensText.tax, children: formatUsd(amount.tax) },
          {
            key: 'total',
            label: BuyTokensText.total,
            children: <strong data-testid="payment-total">{formatUsd(amount.total)}</strong>,
          },
        ]}
      />
      <Flex vertical gap="small">
        <Typography.Text id={methodLabelId} strong>
          {BuyTokensText.paymentMethod}
        </Typography.Text>
        <Radio.Group
          aria-labelledby={methodLabelId}
          optionType="button"
          buttonStyle="solid"
          value={method}
          disabled={paying}
          onChange={(event) => setMethod(event.target.value as PaymentMethod)}
          options={[
            { label: BuyTokensText.card, value: 'card' },
            { label: BuyTokensText.crypto, value: 'crypto' },
          ]}
        />
      </Flex>
      {method === 'card' && <CardPayment productId={product._id} onPaid={onPaid} />}
      {method === 'crypto' && <CryptoPayment productId={product._id} balance={balance} onPaid={onPaid} />}
    </Flex>
  );
}
