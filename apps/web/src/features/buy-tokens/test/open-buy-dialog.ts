import type { PaymentConfig, Product } from '@retouch/shared/payments';
import type { Balance } from '@retouch/shared/users';
import { screen, within } from '@testing-library/react';
import { setSessionFlags } from '@/lib/session/session-flags';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { BuyTokensText } from '../texts';

const starter: Product = {
  _id: 'p-30',
  charge: 30,
  bonus: 0,
  cost: 2,
  description: '30 tokens',
  merchant_id: 1,
};
const popular: Product = {
  _id: 'p-100',
  charge: 100,
  bonus: 50,
  cost: 4,
  description: 'Most popular',
  merchant_id: 2,
};

const sandboxConfig: PaymentConfig = { publicKey: '', provider: 'sandbox' };

export const header = () => within(screen.getByRole('banner'));
export const buyDialog = () => screen.queryByRole('dialog', { name: BuyTokensText.buyTokens });

/**
 * Opens the buy-tokens dialog of a logged-in customer from the header. `server.balance` is what
 * `GET /api/user/info` answers, so a test can change it as the server would.
 */
export async function openBuyDialog(answers: Parameters<typeof mockFetch>[0] = {}) {
  setSessionFlags({ isAdmin: false });
  const server: { balance: Balance } = { balance: { main: 5, bonus: 20 } };
  const api = mockFetch({
    'GET /api/user/info': () => ({ body: aUser({ balance: server.balance }) }),
    'GET /api/products': { body: [starter, popular] },
    'GET /api/payment/config': { body: sandboxConfig },
    'GET /api/product/p-100/tax': { body: { tax: 0.8, total: 4.8 } },
    ...answers,
  });
  const view = renderApp('/');
  await view.user.click(await header().findByRole('button', { name: BuyTokensText.buyTokens }));
  const dialog = within(await screen.findByRole('dialog', { name: BuyTokensText.buyTokens }));
  return { ...view, ...api, server, dialog };
}

/**
 * From now on `GET /api/user/info` never answers, so what the header shows comes from the cache update
 * alone, not from a reload.
 */
export function holdUserInfoReloads(fetchMock: ReturnType<typeof mockFetch>['fetchMock']) {
  const answer = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation((input, init) =>
    String(input).startsWith('/api/user/info') ? new Promise<Response>(() => undefined) : answer(input, init),
  );
}

/** Chooses the 100 + 50 package and moves on to the payment step. */
export async function choosePopular({ user, dialog }: Awaited<ReturnType<typeof openBuyDialog>>) {
  await user.click(await dialog.findByRole('radio', { name: '100 tokens + 50 bonus for $4.00' }));
  await user.click(dialog.getByRole('button', { name: BuyTokensText.next }));
  await dialog.findByRole('radio', { name: BuyTokensText.card });
}
