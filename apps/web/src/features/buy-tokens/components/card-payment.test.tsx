import { PaymentText } from '@retouch/shared/payments';
import { CustomerText } from '@retouch/shared/texts';
import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BuyTokensText } from '../texts';
import { buyDialog, choosePopular, openBuyDialog } from '../test/open-buy-dialog';

// Stripe cannot run offline: its modules are stand-ins that record what the form asks of them.
const stripe = vi.hoisted(() => {
  const cardElement = { kind: 'card-element' };
  const confirmCardPayment = vi.fn();
  const instance = { confirmCardPayment };
  return { cardElement, confirmCardPayment, instance, loadStripe: vi.fn(() => Promise.resolve(instance)) };
});

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  CardElement: ({ options }: { options: unknown }) => (
    <div data-testid="stripe-card-element" data-options={JSON.stringify(options)} />
  ),
  useStripe: () => stripe.instance,
  useElements: () => ({ getElement: () => stripe.cardElement }),
}));

const stripeConfig = { publicKey: 'pk_test_retouch', provider: 'stripe' };

async function openCardPayment(answers: Parameters<typeof openBuyDialog>[0]) {
  const view = await openBuyDialog({
    'POST /api/product/p-100/buy': { body: { client_secret: 'pi_123_secret_456' } },
    ...answers,
  });
  await choosePopular(view);
  await view.user.click(view.dialog.getByText(BuyTokensText.card));
  return view;
}

beforeEach(() => {
  stripe.loadStripe.mockClear();
  stripe.confirmCardPayment.mockReset();
});

describe('card form by provider', () => {
  it('shows the sandbox form and loads no Stripe for the sandbox provider', async () => {
    const { dialog } = await openCardPayment({});
    expect(await dialog.findByLabelText(BuyTokensText.cardNumber)).toBeInTheDocument();
    expect(dialog.queryByTestId('stripe-card-element')).not.toBeInTheDocument();
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });

  it('shows the Stripe card element without the postal code for the stripe provider', async () => {
    const { dialog } = await openCardPayment({ 'GET /api/payment/config': { body: stripeConfig } });
    const element = await dialog.findByTestId('stripe-card-element');
    expect(JSON.parse(element.dataset.options!)).toMatchObject({ hidePostalCode: true });
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_retouch');
    expect(dialog.queryByLabelText(BuyTokensText.cardNumber)).not.toBeInTheDocument();
  });

  it('confirms the payment with Stripe and closes with Success', async () => {
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const { user, dialog } = await openCardPayment({ 'GET /api/payment/config': { body: stripeConfig } });
    await dialog.findByTestId('stripe-card-element');
    await user.click(dialog.getByRole('button', { name: BuyTokensText.pay }));

    expect(await screen.findByText(CustomerText.success)).toBeInTheDocument();
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_123_secret_456', {
      payment_method: { card: stripe.cardElement },
    });
    await waitFor(() => expect(buyDialog()).not.toBeInTheDocument());
  });

  it("shows Stripe's refusal and stays open", async () => {
    stripe.confirmCardPayment.mockResolvedValue({ error: { message: PaymentText.insufficientFunds } });
    const { user, dialog } = await openCardPayment({ 'GET /api/payment/config': { body: stripeConfig } });
    await dialog.findByTestId('stripe-card-element');
    await user.click(dialog.getByRole('button', { name: BuyTokensText.pay }));

    expect(await dialog.findByText(PaymentText.insufficientFunds)).toBeInTheDocument();
    expect(buyDialog()).toBeInTheDocument();
  });
});
