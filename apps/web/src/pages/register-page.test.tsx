import { RegistrationText } from '@retouch/shared/auth';
import { CustomerText, ServerText } from '@retouch/shared/texts';
import { PasswordText } from '@retouch/shared/users';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const pending = {
  message: 'We have sent a confirmation link to your email.',
  userId: '3f1c6a5e-8a1b-4d7a-9d59-8c1f0c6f5b11',
  dateStart: new Date().toISOString(),
};

const WEAK: Array<[string, string]> = [
  ['aaaaaa', PasswordText.oneCharacter],
  ['      ', PasswordText.oneCharacter],
  ['abcdef', PasswordText.run],
  ['654321', PasswordText.run],
  ['retouch', PasswordText.productName],
];

async function openRegister() {
  const view = renderApp('/register');
  await screen.findByLabelText(CustomerText.firstName);
  return view;
}

async function fillValidForm(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText(CustomerText.firstName), ' Ann ');
  await user.type(screen.getByLabelText(CustomerText.lastName), 'Lee');
  await user.type(screen.getByLabelText(CustomerText.email), 'ann@example.com');
  await user.type(screen.getByLabelText(CustomerText.password), 'secret1');
  await user.type(screen.getByLabelText(CustomerText.confirmPassword), 'secret1');
  await user.click(screen.getByRole('checkbox', { name: CustomerText.agreeToTerms }));
}

const submit = (user: ReturnType<typeof renderApp>['user']) =>
  user.click(within(screen.getByRole('main')).getByRole('button', { name: CustomerText.register }));

describe('registration', () => {
  it('shows every required-field text of the specification on an empty submit', async () => {
    const { user } = await openRegister();
    await submit(user);
    for (const text of [
      CustomerText.firstNameRequired,
      CustomerText.lastNameRequired,
      CustomerText.emailRequired,
      CustomerText.passwordRequired,
      CustomerText.passwordAgainRequired,
      CustomerText.termsNotAgreed,
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
  });

  it('refuses an incorrect e-mail and a short password', async () => {
    const { user } = await openRegister();
    await user.type(screen.getByLabelText(CustomerText.email), 'ann@');
    await user.type(screen.getByLabelText(CustomerText.password), 'abc');
    await submit(user);
    expect(await screen.findByText(CustomerText.emailInvalid)).toBeInTheDocument();
    expect(await screen.findByText(CustomerText.passwordTooShort)).toBeInTheDocument();
  });

  it('revalidates the confirmation when the password changes', async () => {
    const { user } = await openRegister();
    await user.type(screen.getByLabelText(CustomerText.password), 'secret1');
    await user.type(screen.getByLabelText(CustomerText.confirmPassword), 'secret12');
    expect(await screen.findByText(CustomerText.twoInputsDontMatch)).toBeInTheDocument();

    // Only the password field is touched: the confirmation's error must still go away.
    await user.type(screen.getByLabelText(CustomerText.password), '2');
    await waitFor(() => expect(screen.queryByText(CustomerText.twoInputsDontMatch)).not.toBeInTheDocument());

    await user.type(screen.getByLabelText(CustomerText.password), '3');
    expect(await screen.findByText(CustomerText.twoInputsDontMatch)).toBeInTheDocument();
  });

  it('sends the registration, keeps the pending data and shows it on /login', async () => {
    const { callsTo } = mockFetch({ 'POST /api/registration': { status: 201, body: pending } });
    const { user, location } = await openRegister();
    await fillValidForm(user);
    await submit(user);

    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(callsTo('POST', '/api/registration')[0]?.body).toEqual({
      email: 'ann@example.com',
      password: 'secret1',
      name: { giveName: 'Ann', familyName: 'Lee' },
    });
    expect(await screen.findByText(pending.message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: CustomerText.repeat })).toBeDisabled();
    // The same for an e-mail that has an account: the server answers alike and mails its owner.
    expect(await screen.findByText(RegistrationText.checkMailbox)).toBeInTheDocument();
    expect(screen.getByText(RegistrationText.checkMailboxDetail)).toBeInTheDocument();
  });

  it.each(WEAK)('refuses the weak password %j before sending anything', async (password, text) => {
    const { callsTo } = mockFetch({ 'POST /api/registration': { status: 201, body: pending } });
    const { user, location } = await openRegister();
    await fillValidForm(user);
    await user.clear(screen.getByLabelText(CustomerText.password));
    await user.type(screen.getByLabelText(CustomerText.password), password);
    await user.clear(screen.getByLabelText(CustomerText.confirmPassword));
    await user.type(screen.getByLabelText(CustomerText.confirmPassword), password);
    await submit(user);

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(callsTo('POST', '/api/registration')).toHaveLength(0);
    expect(location().pathname).toBe('/register');
  });

  it.each([
    [
      'the server message',
      { status: 400, body: { message: ServerText.passwordTooCommon } },
      ServerText.passwordTooCommon,
    ],
    ['the registration fallback', { status: 500, body: {} }, CustomerText.registrationError],
  ])('shows %s when the server refuses', async (_, answer, text) => {
    mockFetch({ 'POST /api/registration': answer });
    const { user, location } = await openRegister();
    await fillValidForm(user);
    await submit(user);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(location().pathname).toBe('/register');
  });

  it('shows the generic text when the request itself fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const { user } = await openRegister();
    await fillValidForm(user);
    await submit(user);
    expect(await screen.findByText(CustomerText.somethingWrong)).toBeInTheDocument();
  });

  // Issue 36, the customer walk: the page had the site's bare title and no heading.
  it('has its own document title and its heading', async () => {
    mockFetch({});
    renderApp('/register');
    expect(await screen.findByRole('heading', { level: 1, name: CustomerText.register })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Register – Retouch'));
  });
});
