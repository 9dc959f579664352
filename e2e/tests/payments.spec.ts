import type { Page } from '@playwright/test';
import { expectBalances, logInNewCustomer } from '../support/customer';
import { expect, test } from '../support/test';
import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { PaymentText } from '@retouch/shared/payments';

// Accessible names of the buy-tokens dialog (apps/web/src/features/buy-tokens/texts.ts).
const Buy = {
  buyTokens: 'Buy tokens',
  popularPackage: '100 tokens + 50 bonus for $4.00',
  next: 'Next',
  card: 'Card',
  crypto: 'Crypto',
  cardNumber: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'CVC',
  pay: 'Pay',
  cryptoFrame: 'Crypto payment',
};

const card = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  expiry: '12/34',
  cvc: '123',
};

/** Opens the dialog from the header's plus icon and goes to the payment step of the 100 + 50 package. */
async function choosePopularPackage(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: Buy.buyTokens }).click();
  const dialog = page.getByRole('dialog', { name: Buy.buyTokens });
  await dialog.getByRole('radio', { name: Buy.popularPackage }).check();
  await dialog.getByRole('button', { name: Buy.next }).click();
  await expect(dialog.getByTestId('payment-total')).toHaveText(/^\$\d+\.\d{2}$/);
  return dialog;
}

async function payByCard(dialog: ReturnType<Page['getByRole']>, number: string) {
  await dialog.getByText(Buy.card, { exact: true }).click();
  await dialog.getByLabel(Buy.cardNumber).fill(number);
  await dialog.getByLabel(Buy.expiry).fill(card.expiry);
  await dialog.getByLabel(Buy.cvc).fill(card.cvc);
  await dialog.getByRole('button', { name: Buy.pay, exact: true }).click();
}

test('a customer buys 100 + 50 tokens by card and the header shows them without a reload', async ({
  page,
}) => {
  await logInNewCustomer(page);
  const dialog = await choosePopularPackage(page);
  await payByCard(dialog, card.succeeds);

  await expect(page.getByText(PaymentText.paymentSucceeded)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectBalances(page, 100, REGISTRATION_BONUS_TOKENS + 50);
});

test('a declined card shows the refusal, keeps the dialog open and leaves the balances', async ({ page }) => {
  await logInNewCustomer(page);
  const dialog = await choosePopularPackage(page);
  await payByCard(dialog, card.declined);

  await expect(dialog.getByText(PaymentText.cardDeclined)).toBeVisible();
  await expect(dialog.getByRole('button', { name: Buy.pay, exact: true })).toBeEnabled();
  await expectBalances(page, 0, REGISTRATION_BONUS_TOKENS);
  await page.reload();
  await expectBalances(page, 0, REGISTRATION_BONUS_TOKENS);
});

test('a crypto payment credited on the server updates the header and closes the dialog', async ({ page }) => {
  await logInNewCustomer(page);
  const dialog = await choosePopularPackage(page);
  await dialog.getByText(Buy.crypto, { exact: true }).click();

  const invoice = page.frameLocator(`iframe[title="${Buy.cryptoFrame}"]`);
  await expect(invoice.getByRole('heading', { name: Buy.cryptoFrame })).toBeVisible();
  await expect(invoice.getByRole('status')).toHaveText('Waiting for payment');
  await invoice.getByRole('button', { name: /simulate/i }).click();

  await expect(page.getByText(PaymentText.paymentSucceeded)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectBalances(page, 100, REGISTRATION_BONUS_TOKENS + 50);
});
