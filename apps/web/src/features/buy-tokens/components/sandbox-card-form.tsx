import { sandboxConfirmSchema, PaymentText } from '@retouch/shared/payments';
import type { Balance } from '@retouch/shared/users';
import { Alert, Button, Flex, Form, Input, type FormRule } from 'antd';
import { schemaRule } from '@/lib/schema-rule';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { useCardPayment } from '../hooks/use-card-payment';
import { BuyTokensText } from '../texts';
import {
  formatCardNumber,
  formatCvc,
  formatExpiry,
  isExpired,
  parseExpiry,
  sandboxCardOf,
  type CardFields,
  type SandboxCard,
} from '../utils/card-fields';
import { paymentErrorMessage } from '../utils/payment-error';

interface SandboxCardFormProps {
  productId: string;
  onPaid: (balance: Balance | null) => void;
}

const emptyCard: CardFields = { number: '', expiry: '', cvc: '' };

const rules = {
  number: [schemaRule(sandboxConfirmSchema.shape.card.shape.number)],
  expiry: [
    {
      validator: async (_rule, value: string) => {
        const expiry = parseExpiry(value);
        if (!expiry) throw new Error(BuyTokensText.expiryInvalid);
        if (isExpired(expiry)) throw new Error(PaymentText.cardExpired);
      },
    },
  ],
  cvc: [{ pattern: /^\d{3,4}$/, message: BuyTokensText.cvcInvalid }],
} satisfies Record<keyof CardFields, FormRule[]>;

const confirmCard = async (clientSecret: string, card: SandboxCard) =>
  (await confirmSandboxPayment({ client_secret: clientSecret, card })).balance;

/** The sandbox provider's card form: number, expiry and CVC, no postal code. */
export function SandboxCardForm({ productId, onPaid }: SandboxCardFormProps) {
  const payment = useCardPayment(productId, confirmCard);
  const pay = (fields: CardFields) => payment.mutate(sandboxCardOf(fields), { onSuccess: onPaid });

  return (
    <Form<CardFields>
      name="sandbox-card"
      layout="vertical"
      initialValues={emptyCard}
      onFinish={pay}
      disabled={payment.isPending}
      requiredMark={false}
    >
      <Form.Item
        label={BuyTokensText.cardNumber}
        name="number"
        normalize={formatCardNumber}
        rules={rules.number}
      >
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder={BuyTokensText.cardNumberPlaceholder}
        />
      </Form.Item>
      <Flex gap="middle">
        <Form.Item
          label={BuyTokensText.expiry}
          name="expiry"
          normalize={formatExpiry}
          rules={rules.expiry}
          style={{ flex: 1 }}
        >
          <Input inputMode="numeric" autoComplete="cc-exp" placeholder={BuyTokensText.expiryPlaceholder} />
        </Form.Item>
        <Form.Item
          label={BuyTokensText.cvc}
          name="cvc"
          normalize={formatCvc}
          rules={rules.cvc}
          style={{ flex: 1 }}
        >
          <Input inputMode="numeric" autoComplete="cc-csc" placeholder={BuyTokensText.cvcPlaceholder} />
        </Form.Item>
      </Flex>
      {payment.isError && (
        <Alert
          type="error"
          showIcon
          title={paymentErrorMessage(payment.error)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Button type="primary" htmlType="submit" block loading={payment.isPending}>
        {BuyTokensText.pay}
      </Button>
    </Form>
  );
}
