import { AccountText, AccountUiText } from '@retouch/shared/accounts';
import { CustomerText, ServerText } from '@retouch/shared/texts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

async function fillPasswords(
  user: ReturnType<typeof renderApp>['user'],
  password: string,
  confirm = password,
) {
  await user.type(await screen.findByLabelText(CustomerText.newPassword), password);
  await user.type(screen.getByLabelText(CustomerText.confirmPassword), confirm);
  await user.click(screen.getByRole('button', { name: AccountUiText.savePassword }));
}

describe('reset password', () => {
  it('sets the new password with the token and goes to /login with a notice', async () => {
    const { callsTo } = mockFetch({
      'POST /api/password/reset': { body: { message: AccountText.passwordReset } },
    });
    const { user, location } = renderApp('/reset-password?token=abc-123');
    await fillPasswords(user, 'secret2');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(await screen.findByText(AccountText.passwordReset)).toBeInTheDocument();
    expect(callsTo('POST', '/api/password/reset')[0]?.body).toEqual({
      token: 'abc-123',
      password: 'secret2',
    });
  });

  it("applies the profile's password rules", async () => {
    const { calls } = mockFetch({});
    const { user } = renderApp('/reset-password?token=abc');
    await user.click(await screen.findByRole('button', { name: AccountUiText.savePassword }));
    await waitFor(() => expect(screen.getAllByText(CustomerText.fieldEmpty)).toHaveLength(2));
    await fillPasswords(user, '12345', '12346');
    expect(await screen.findAllByText(CustomerText.passwordTooShort)).not.toHaveLength(0);
    expect(await screen.findByText(CustomerText.passwordsDontMatch)).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/password'))).toHaveLength(0);
  });

  it('explains an invalid link and offers a new one', async () => {
    mockFetch({
      'POST /api/password/reset': { status: 400, body: { message: AccountText.resetLinkInvalid } },
    });
    const { user, location } = renderApp('/reset-password?token=used');
    await fillPasswords(user, 'secret2');
    expect(await screen.findByRole('alert')).toHaveTextContent(AccountText.resetLinkInvalid);
    await user.click(screen.getByRole('link', { name: AccountUiText.requestNewLink }));
    await waitFor(() => expect(location().pathname).toBe('/forgot-password'));
  });

  it("shows the server's refusal of a common password without offering a new link", async () => {
    mockFetch({
      'POST /api/password/reset': { status: 400, body: { message: ServerText.passwordTooCommon } },
    });
    const { user, location } = renderApp('/reset-password?token=live');
    await fillPasswords(user, 'password');
    expect(await screen.findByRole('alert')).toHaveTextContent(ServerText.passwordTooCommon);
    expect(screen.queryByRole('link', { name: AccountUiText.requestNewLink })).not.toBeInTheDocument();
    expect(location().pathname).toBe('/reset-password');
  });

  it('says so when the link has no token', async () => {
    mockFetch({});
    renderApp('/reset-password');
    expect(await screen.findByText(AccountUiText.linkMissing)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: AccountUiText.requestNewLink })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
