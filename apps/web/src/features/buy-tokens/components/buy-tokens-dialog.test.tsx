import { PaymentText } from '@retouch/shared/payments';
import { CustomerText } from '@retouch/shared/texts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeSocket } from '@/test/fake-socket';
import { BuyTokensText } from '../texts';
import {
  buyDialog,
  choosePopular,
  header,
  holdUserInfoReloads,
  openBuyDialog,
} from '../test/open-buy-dialog';

const secret = 'pi_sandbox_secret_0001';

async function openCardForm(answers: Parameters<typeof openBuyDialog>[0] = {}) {
  const view = await openBuyDialog({
    'POST /api/product/p-100/buy': { body: { client_secret: secret } },
    ...answers,
  });
  await choosePopular(view);
  await view.user.click(view.dialog.getByText(BuyTokensText.card));
  await view.dialog.findByLabelText(BuyTokensText.cardNumber);
  return view;
}

async function payWith(view: Awaited<ReturnType<typeof openCardForm>>, number: string) {
  const { user, dialog } = view;
  await user.clear(dialog.getByLabelText(BuyTokensText.cardNumber));
  await user.type(dialog.getByLabelText(BuyTokensText.cardNumber), number);
  await user.clear(dialog.getByLabelText(BuyTokensText.expiry));
  await user.type(dialog.getByLabelText(BuyTokensText.expiry), '1234');
  await user.clear(dialog.getByLabelText(BuyTokensText.cvc));
  await user.type(dialog.getByLabelText(BuyTokensText.cvc), '123');
  await user.click(dialog.getByRole('button', { name: BuyTokensText.pay }));
}

describe('buy tokens dialog', () => {
  it('lists the packages with their tokens, bonus, price and description', async () => {
    const { dialog } = await openBuyDialog();
    const radios = await dialog.findAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      '30 tokens for $2.00',
      '100 tokens + 50 bonus for $4.00',
    ]);
    expect(dialog.getByText('100 tokens')).toBeInTheDocument();
    expect(dialog.getByText('+50 bonus')).toBeInTheDocument();
    expect(dialog.getByText('$4.00')).toBeInTheDocument();
    expect(dialog.getByText('Most popular')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: BuyTokensText.next })).toBeDisabled();
  });

  it('is opened by the balances too', async () => {
    const view = await openBuyDialog();
    await view.user.click(view.dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(buyDialog()).not.toBeInTheDocument());
    await view.user.click(header().getByRole('button', { name: /Tokens: 5/ }));
    expect(await screen.findByRole('dialog', { name: BuyTokensText.buyTokens })).toBeInTheDocument();
  });

  it('loads the tax and total of the chosen package', async () => {
    const view = await openBuyDialog();
    await choosePopular(view);
    expect(view.callsTo('GET', '/api/product/p-100/tax')).toHaveLength(1);
    expect(view.dialog.getByText('$0.80')).toBeInTheDocument();
    expect(view.dialog.getByTestId('payment-total')).toHaveTextContent('$4.80');
    expect(view.dialog.getByRole('button', { name: BuyTokensText.back })).not.toHaveClass('ant-btn-loading');
  });

  it('goes back to the packages with the choice kept', async () => {
    const view = await openBuyDialog();
    await choosePopular(view);
    await view.user.click(view.dialog.getByRole('button', { name: BuyTokensText.back }));
    expect(await view.dialog.findByRole('radio', { name: '100 tokens + 50 bonus for $4.00' })).toBeChecked();
  });

  it("shows the server's message and closes when the tax cannot be loaded", async () => {
    const { user, dialog } = await openBuyDialog({
      'GET /api/product/p-100/tax': { status: 404, body: { message: PaymentText.productNotFound } },
    });
    await user.click(await dialog.findByRole('radio', { name: '100 tokens + 50 bonus for $4.00' }));
    await user.click(dialog.getByRole('button', { name: BuyTokensText.next }));
    expect(await screen.findByText(PaymentText.productNotFound)).toBeInTheDocument();
    expect(screen.getByText(CustomerText.error)).toBeInTheDocument();
    expect(buyDialog()).not.toBeInTheDocument();
  });

  it('warns with the server message when the payment config cannot be loaded', async () => {
    const view = await openBuyDialog({
      'GET /api/payment/config': { status: 503, body: { message: 'Payments are paused' } },
    });
    await choosePopular(view);
    await view.user.click(view.dialog.getByText(BuyTokensText.card));
    expect(await screen.findByText('Payments are paused')).toBeInTheDocument();
    expect(screen.getByText(CustomerText.warning)).toBeInTheDocument();
    expect(view.dialog.getByText(PaymentText.providerUnavailable)).toBeInTheDocument();
  });

  it('warns with the generic notice when the payment config fails without a message', async () => {
    const view = await openBuyDialog({ 'GET /api/payment/config': { status: 500 } });
    await choosePopular(view);
    await view.user.click(view.dialog.getByText(BuyTokensText.card));
    expect(await screen.findByText(PaymentText.somethingWentWrongNotice)).toBeInTheDocument();
  });

  describe('sandbox card', () => {
    it('has card number, expiry and CVC but no postal code', async () => {
      const { dialog } = await openCardForm();
      expect(dialog.getByLabelText(BuyTokensText.expiry)).toBeInTheDocument();
      expect(dialog.getByLabelText(BuyTokensText.cvc)).toBeInTheDocument();
      expect(dialog.queryByLabelText(/postal|zip/i)).not.toBeInTheDocument();
      expect(dialog.getAllByRole('textbox')).toHaveLength(3);
    });

    it('checks the fields before paying', async () => {
      const view = await openCardForm();
      await view.user.type(view.dialog.getByLabelText(BuyTokensText.cardNumber), '4242');
      await view.user.type(view.dialog.getByLabelText(BuyTokensText.expiry), '1320');
      await view.user.type(view.dialog.getByLabelText(BuyTokensText.cvc), '1');
      await view.user.click(view.dialog.getByRole('button', { name: BuyTokensText.pay }));
      expect(await view.dialog.findByText(PaymentText.cardInvalid)).toBeInTheDocument();
      expect(view.dialog.getByText(BuyTokensText.expiryInvalid)).toBeInTheDocument();
      expect(view.dialog.getByText(BuyTokensText.cvcInvalid)).toBeInTheDocument();
      expect(view.callsTo('POST', '/api/product/p-100/buy')).toHaveLength(0);
    });

    it('pays, shows Success, puts the new balance in the header and closes', async () => {
      const view = await openCardForm({
        'POST /api/payment/sandbox/confirm': {
          body: { status: 'succeeded', balance: { main: 105, bonus: 70 } },
        },
      });
      holdUserInfoReloads(view.fetchMock);
      await payWith(view, '4242 4242 4242 4242');

      expect(await screen.findByText(CustomerText.success)).toBeInTheDocument();
      expect(screen.getByText(PaymentText.paymentSucceeded)).toBeInTheDocument();
      expect(view.callsTo('POST', '/api/payment/sandbox/confirm')[0]?.body).toEqual({
        client_secret: secret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      });
      await waitFor(() => expect(buyDialog()).not.toBeInTheDocument());
      expect(header().getByTestId('balance-main')).toHaveTextContent('105');
      expect(header().getByTestId('balance-bonus')).toHaveTextContent('70');
    });

    it('shows a declined card, stays open and retries the same payment', async () => {
      let answer = { status: 402, body: { message: PaymentText.cardDeclined } };
      const view = await openCardForm({ 'POST /api/payment/sandbox/confirm': () => answer });
      await payWith(view, '4000 0000 0000 0002');

      expect(await view.dialog.findByText(PaymentText.cardDeclined)).toBeInTheDocument();
      expect(buyDialog()).toBeInTheDocument();
      expect(header().getByTestId('balance-main')).toHaveTextContent('5');
      expect(view.dialog.getByRole('button', { name: BuyTokensText.pay })).toBeEnabled();

      answer = { status: 200, body: { status: 'succeeded', balance: { main: 105, bonus: 70 } } } as never;
      await payWith(view, '4242 4242 4242 4242');
      await waitFor(() => expect(buyDialog()).not.toBeInTheDocument());
      expect(view.callsTo('POST', '/api/product/p-100/buy')).toHaveLength(1);
      expect(
        view
          .callsTo('POST', '/api/payment/sandbox/confirm')
          .map((call) => (call.body as { client_secret: string }).client_secret),
      ).toEqual([secret, secret]);
    });

    it('says Something went wrong when the failure has no message', async () => {
      const view = await openCardForm({ 'POST /api/payment/sandbox/confirm': { status: 500 } });
      await payWith(view, '4242 4242 4242 4242');
      expect(await view.dialog.findByText(PaymentText.somethingWentWrong)).toBeInTheDocument();
      expect(buyDialog()).toBeInTheDocument();
    });
  });

  describe('crypto', () => {
    it('embeds the invoice page and closes with Success once the balance rises', async () => {
      const view = await openBuyDialog();
      await choosePopular(view);
      await view.user.click(view.dialog.getByText(BuyTokensText.crypto));
      expect(view.dialog.getByTitle(BuyTokensText.cryptoFrame)).toHaveAttribute('src', '/api/payment/p-100');

      view.server.balance = { main: 105, bonus: 70 };
      act(() => FakeSocket.created.at(-1)?.serverEmit('balance', view.server.balance));

      expect(await screen.findByText(PaymentText.paymentSucceeded)).toBeInTheDocument();
      await waitFor(() => expect(buyDialog()).not.toBeInTheDocument());
      expect(header().getByTestId('balance-main')).toHaveTextContent('105');
      expect(header().getByTestId('balance-bonus')).toHaveTextContent('70');
    });
  });
});
