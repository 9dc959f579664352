import { PaymentText } from '@retouch/shared/payments';
import type { Balance } from '@retouch/shared/users';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Alert, Button, Flex, theme } from 'antd';
import type { FormEvent } from 'react';
import { useCardPayment } from '../hooks/use-card-payment';
import { BuyTokensText } from '../texts';
import { CardRefusal, paymentErrorMessage } from '../utils/payment-error';

interface StripeCardFormProps {
  publicKey: string;
  productId: string;
  onPaid: (balance: Balance | null) => void;
}

// Stripe.js is loaded once per key, and only when this lazy chunk is rendered.
const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publicKey: string) {
  let stripe = stripeByKey.get(publicKey);
  if (!stripe) {
    stripe = loadStripe(publicKey);
    stripeByKey.set(publicKey, stripe);
  }
  return stripe;
}

/** The Stripe card form (provider `stripe`): a Stripe card element without the postal code. */
export default function StripeCardForm({ publicKey, productId, onPaid }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publicKey)}>
      <StripeCardFields productId={productId} onPaid={onPaid} />
    </Elements>
  );
}

function StripeCardFields({ productId, onPaid }: Omit<StripeCardFormProps, 'publicKey'>) {
  const { token } = theme.useToken();
  const stripe = useStripe();
  const elements = useElements();
  // The balance comes later by the socket: the server credits the payment on Stripe's webhook.
  const payment = useCardPayment<void>(productId, async (clientSecret) => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) throw new CardRefusal(PaymentText.somethingWentWrong);
    const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card },
    });
    if (error) throw new CardRefusal(error.message ?? PaymentText.somethingWentWrong);
    if (paymentIntent.status !== 'succeeded') throw new CardRefusal(PaymentText.somethingWentWrong);
    return null;
  });

  const pay = (event: FormEvent) => {
    event.preventDefault();
    payment.mutate(undefined, { onSuccess: onPaid });
  };

  return (
    <form onSubmit={pay} aria-label={BuyTokensText.card}>
      <Flex vertical gap="middle">
        <div
          style={{
            padding: 12,
            border: `1px solid ${token.colorBorder}`,
            borderRadius: token.borderRadius,
          }}
        >
          <CardElement options={{ hidePostalCode: true, disabled: payment.isPending }} />
        </div>
        {payment.isError && <Alert type="error" showIcon title={paymentErrorMessage(payment.error)} />}
        <Button type="primary" htmlType="submit" block loading={payment.isPending} disabled={!stripe}>
          {BuyTokensText.pay}
        </Button>
      </Flex>
    </form>
  );
}
