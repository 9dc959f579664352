import { PaymentText } from '@retouch/shared/payments';
import { CustomerText } from '@retouch/shared/texts';
import type { Balance } from '@retouch/shared/users';
import { Alert, App, Button, Flex, Spin } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { errorMessage } from '@/lib/api-client';
import { usePaymentConfig } from '../api/get-payment-config';
import { BuyTokensText } from '../texts';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe's scripts are fetched only when the server's card provider is Stripe.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

interface CardPaymentProps {
  productId: string;
  onPaid: (balance: Balance | null) => void;
}

const formSpinner = (
  <Flex justify="center" style={{ padding: 24 }}>
    <Spin aria-label={BuyTokensText.loadingPaymentForm} />
  </Flex>
);

/** Card payment: the form of the provider the server names in its payment config. */
export function CardPayment({ productId, onPaid }: CardPaymentProps) {
  const { notification } = App.useApp();
  const config = usePaymentConfig();

  useEffect(() => {
    if (!config.error) return;
    notification.warning({
      title: CustomerText.warning,
      description: errorMessage(config.error, PaymentText.somethingWentWrongNotice),
    });
  }, [config.error, notification]);

  if (config.isPending) return formSpinner;
  if (config.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        title={PaymentText.providerUnavailable}
        action={
          <Button size="small" onClick={() => void config.refetch()}>
            {BuyTokensText.tryAgain}
          </Button>
        }
      />
    );
  }
  if (config.data.provider === 'stripe') {
    return (
      <Suspense fallback={formSpinner}>
        <StripeCardForm publicKey={config.data.publicKey} productId={productId} onPaid={onPaid} />
      </Suspense>
    );
  }
  return <SandboxCardForm productId={productId} onPaid={onPaid} />;
}
