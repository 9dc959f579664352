import { AccountText, AccountUiText } from '@retouch/shared/accounts';
import { MAX_AVATAR_BYTES } from '@retouch/shared/constants';
import { CustomerText, ServerText } from '@retouch/shared/texts';
import { AvatarText } from '@retouch/shared/users';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearSessionFlags, setSessionFlags } from '@/lib/session/session-flags';
import { stubXhr } from '@/test/fake-xhr';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

async function openProfile(answers: Parameters<typeof mockFetch>[0] = {}) {
  setSessionFlags({ isAdmin: false });
  const api = mockFetch({ 'GET /api/user/info': { body: aUser() }, ...answers });
  // The file input's accept filter stays off: a user can pick "All files" in the system's dialog.
  const view = renderApp('/profile', { userEventOptions: { applyAccept: false } });
  await screen.findByDisplayValue('Ann');
  return { ...view, ...api };
}

const panel = () => within(screen.getByRole('main'));

describe('profile', () => {
  it('sends a logged-out visitor to /login and back here afterwards', async () => {
    const { location } = renderApp('/profile');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(location().search).toBe('?redirect=/profile');
  });

  it('requires the first and last name', async () => {
    const { user } = await openProfile();
    await user.clear(screen.getByLabelText(CustomerText.firstName));
    await user.clear(screen.getByLabelText(CustomerText.lastName));
    await user.click(panel().getByRole('button', { name: CustomerText.save }));
    await waitFor(() => expect(screen.getAllByText(CustomerText.fieldEmpty)).toHaveLength(2));
  });

  it('takes spaces alone for no name, as the server does', async () => {
    const { user, callsTo } = await openProfile();
    await user.clear(screen.getByLabelText(CustomerText.firstName));
    await user.type(screen.getByLabelText(CustomerText.firstName), '   ');
    await user.click(panel().getByRole('button', { name: CustomerText.save }));
    expect(await screen.findByText(CustomerText.fieldEmpty)).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/user/change/info')).toHaveLength(0);
  });

  it('sends the name as JSON and the avatar as a file, showing the upload progress', async () => {
    const requests = stubXhr();
    const { user } = await openProfile();
    const avatar = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

    await user.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, avatar);
    await user.clear(screen.getByLabelText(CustomerText.firstName));
    await user.type(screen.getByLabelText(CustomerText.firstName), 'Eve');
    await user.click(panel().getByRole('button', { name: CustomerText.save }));

    await waitFor(() => expect(requests).toHaveLength(1));
    const xhr = requests[0]!;
    expect(xhr.method).toBe('PATCH');
    expect(xhr.url).toBe('/api/user/change/info');
    expect(JSON.parse(xhr.form.get('data') as string)).toEqual({
      name: { giveName: 'Eve', familyName: 'Lee' },
    });
    expect((xhr.form.get('image') as File).name).toBe('me.png');

    act(() => xhr.progress(40, 100));
    expect(await screen.findByTestId('avatar-progress')).toHaveTextContent('40%');

    const saved = aUser({ name: { giveName: 'Eve', familyName: 'Lee' }, picture: '/files/avatars/eve.webp' });
    // Customer side section 8: "Successes: 'Success' plus the server message".
    act(() => xhr.respond(200, { ...saved, message: ServerText.profileUpdated }));
    expect(await screen.findByText(CustomerText.success)).toBeInTheDocument();
    expect(screen.getByText(ServerText.profileUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('avatar-progress')).not.toBeInTheDocument());
    expect(screen.getByRole('img', { name: CustomerText.avatar })).toHaveAttribute('src', saved.picture);
  });

  // Issue 19: any file could be chosen as the avatar, and only the server refused it after the upload.
  describe('choosing an avatar that is no image', () => {
    it.each([
      ['a text file', 'notes.txt', 'text/plain'],
      ['a PDF', 'scan.pdf', 'application/pdf'],
      ['a PDF named as a picture', 'scan.png', 'application/pdf'],
      ['a text file typed as a picture', 'notes.txt', 'image/png'],
    ])('refuses %s at once and sends no image', async (_name, fileName, type) => {
      const requests = stubXhr();
      const { user } = await openProfile();
      const file = new File(['not a picture'], fileName, { type });
      // As if "All files" was picked in the system's dialog, past the input's accept filter.
      await user.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, file);
      expect(await screen.findByText(AvatarText.notImage)).toBeInTheDocument();
      expect(screen.getByRole('img', { name: CustomerText.avatar })).toHaveAttribute('src', aUser().picture);

      await user.click(panel().getByRole('button', { name: CustomerText.save }));
      await waitFor(() => expect(requests).toHaveLength(1));
      expect(requests[0]!.form.has('image')).toBe(false);
    });

    it('refuses a picture over the server limit of 5 MB, naming the limit', async () => {
      const requests = stubXhr();
      const { user } = await openProfile();
      const big = new File([new Uint8Array(MAX_AVATAR_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' });
      await user.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, big);
      expect(await screen.findByText(AvatarText.tooLarge)).toBeInTheDocument();
      expect(AvatarText.tooLarge).toContain('5 MB');
      await user.click(panel().getByRole('button', { name: CustomerText.save }));
      await waitFor(() => expect(requests).toHaveLength(1));
      expect(requests[0]!.form.has('image')).toBe(false);
    });
  });

  it('sends no image part when no avatar was chosen, and shows a refusal', async () => {
    const requests = stubXhr();
    const { user } = await openProfile();
    await user.click(panel().getByRole('button', { name: CustomerText.save }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.form.has('image')).toBe(false);
    act(() => requests[0]!.respond(400, { message: 'The file is not a supported image' }));
    expect(await screen.findByText('The file is not a supported image')).toBeInTheDocument();
  });

  describe('change password', () => {
    async function openPasswordForm(answers: Parameters<typeof mockFetch>[0] = {}) {
      const view = await openProfile(answers);
      await view.user.click(screen.getByRole('switch', { name: CustomerText.changePassword }));
      await screen.findByLabelText(CustomerText.oldPassword);
      return view;
    }

    it('requires every field', async () => {
      const { user } = await openPasswordForm();
      await user.click(panel().getByRole('button', { name: CustomerText.save }));
      await waitFor(() => expect(screen.getAllByText(CustomerText.fieldEmpty)).toHaveLength(3));
    });

    it("refuses a short new password and a confirmation that doesn't match, with the server's texts", async () => {
      const { user } = await openPasswordForm();
      await user.type(screen.getByLabelText(CustomerText.oldPassword), 'secret1');
      await user.type(screen.getByLabelText(CustomerText.newPassword), 'abc');
      await user.type(screen.getByLabelText(CustomerText.confirmPassword), 'secret3');
      await user.click(panel().getByRole('button', { name: CustomerText.save }));
      expect(await screen.findAllByText(CustomerText.passwordTooShort)).toHaveLength(1);
      expect(await screen.findByText(CustomerText.passwordsDontMatch)).toBeInTheDocument();
    });

    // Customer-side section 5: 'Passwords (old, new, confirm) required, minimum 6 characters'.
    it('refuses an old password under 6 characters, with the text of the specification', async () => {
      const { user, callsTo } = await openPasswordForm();
      await user.type(screen.getByLabelText(CustomerText.oldPassword), 'abc');
      await user.type(screen.getByLabelText(CustomerText.newPassword), 'secret2');
      await user.type(screen.getByLabelText(CustomerText.confirmPassword), 'secret2');
      await user.click(panel().getByRole('button', { name: CustomerText.save }));
      expect(await screen.findAllByText(CustomerText.passwordTooShort)).toHaveLength(1);
      expect(screen.getByLabelText(CustomerText.oldPassword)).toHaveAttribute('aria-invalid', 'true');
      expect(callsTo('PATCH', '/api/user/change/password')).toHaveLength(0);
    });

    it('sends the old and new password and shows the answer', async () => {
      const { user, callsTo } = await openPasswordForm({
        'PATCH /api/user/change/password': { body: { message: 'Your password has been changed' } },
      });
      await user.type(screen.getByLabelText(CustomerText.oldPassword), 'secret1');
      await user.type(screen.getByLabelText(CustomerText.newPassword), 'secret2');
      await user.type(screen.getByLabelText(CustomerText.confirmPassword), 'secret2');
      await user.click(panel().getByRole('button', { name: CustomerText.save }));

      expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
      expect(screen.getByText(CustomerText.success)).toBeInTheDocument();
      expect(callsTo('PATCH', '/api/user/change/password')[0]?.body).toEqual({
        oldPassword: 'secret1',
        password: 'secret2',
      });
    });

    it("shows the server's refusal", async () => {
      const { user } = await openPasswordForm({
        'PATCH /api/user/change/password': { status: 400, body: { message: 'The old password is wrong' } },
      });
      await user.type(screen.getByLabelText(CustomerText.oldPassword), 'wrong-1');
      await user.type(screen.getByLabelText(CustomerText.newPassword), 'secret2');
      await user.type(screen.getByLabelText(CustomerText.confirmPassword), 'secret2');
      await user.click(panel().getByRole('button', { name: CustomerText.save }));
      expect(await screen.findByText('The old password is wrong')).toBeInTheDocument();
    });
  });

  describe('delete account', () => {
    it('explains the consequences and deletes after the password and the confirm dialog', async () => {
      const { user, callsTo, location } = await openProfile({
        'GET /api/user/account': { body: { hasPassword: true } },
        'DELETE /api/user/account': { body: { message: AccountText.accountDeleted } },
      });
      const section = within(screen.getByRole('region', { name: AccountUiText.deleteTitle }));
      expect(section.getByText(AccountUiText.deleteConsequences)).toBeInTheDocument();
      await user.type(section.getByLabelText(AccountUiText.deleteConfirmPassword), 'secret1');
      await user.click(section.getByRole('button', { name: AccountUiText.deleteButton }));
      const dialog = await screen.findByRole('dialog', { name: AccountUiText.deleteConfirmTitle });
      expect(callsTo('DELETE', '/api/user/account')).toHaveLength(0);
      await user.click(within(dialog).getByRole('button', { name: AccountUiText.deleteConfirmOk }));

      await waitFor(() => expect(location().pathname).toBe('/'));
      expect(await screen.findByText(AccountText.accountDeleted)).toBeInTheDocument();
      // Logged out here: the header offers the login again.
      expect(await screen.findByRole('button', { name: CustomerText.login })).toBeInTheDocument();
      expect(callsTo('DELETE', '/api/user/account')[0]?.body).toEqual({ password: 'secret1' });
    });

    it('goes to / even when the session ends before the answer (the server closes the sockets first)', async () => {
      const { user, location } = await openProfile({
        'GET /api/user/account': { body: { hasPassword: true } },
        'DELETE /api/user/account': () => {
          // What the socket provider does on the server's 401: the session is over locally.
          clearSessionFlags();
          return { body: { message: AccountText.accountDeleted } };
        },
      });
      const section = within(screen.getByRole('region', { name: AccountUiText.deleteTitle }));
      await user.type(section.getByLabelText(AccountUiText.deleteConfirmPassword), 'secret1');
      await user.click(section.getByRole('button', { name: AccountUiText.deleteButton }));
      const dialog = await screen.findByRole('dialog', { name: AccountUiText.deleteConfirmTitle });
      await user.click(within(dialog).getByRole('button', { name: AccountUiText.deleteConfirmOk }));

      await waitFor(() => expect(location().pathname).toBe('/'));
      expect(location().search).toBe('');
    });

    it('requires the password and sends nothing when the dialog is cancelled', async () => {
      const { user, callsTo } = await openProfile({
        'GET /api/user/account': { body: { hasPassword: true } },
      });
      const section = within(screen.getByRole('region', { name: AccountUiText.deleteTitle }));
      await user.click(section.getByRole('button', { name: AccountUiText.deleteButton }));
      expect(await section.findByText(CustomerText.fieldEmpty)).toBeInTheDocument();
      await user.type(section.getByLabelText(AccountUiText.deleteConfirmPassword), 'secret1');
      await user.click(section.getByRole('button', { name: AccountUiText.deleteButton }));
      const dialog = await screen.findByRole('dialog', { name: AccountUiText.deleteConfirmTitle });
      await user.click(within(dialog).getByRole('button', { name: AccountUiText.cancel }));
      expect(callsTo('DELETE', '/api/user/account')).toHaveLength(0);
    });

    it("shows the server's refusal of a wrong password and stays", async () => {
      const { user, location } = await openProfile({
        'GET /api/user/account': { body: { hasPassword: true } },
        'DELETE /api/user/account': { status: 403, body: { message: AccountText.wrongPassword } },
      });
      const section = within(screen.getByRole('region', { name: AccountUiText.deleteTitle }));
      await user.type(section.getByLabelText(AccountUiText.deleteConfirmPassword), 'wrong-1');
      await user.click(section.getByRole('button', { name: AccountUiText.deleteButton }));
      const dialog = await screen.findByRole('dialog', { name: AccountUiText.deleteConfirmTitle });
      await user.click(within(dialog).getByRole('button', { name: AccountUiText.deleteConfirmOk }));
      expect(await screen.findByText(AccountText.wrongPassword)).toBeInTheDocument();
      expect(location().pathname).toBe('/profile');
    });

    it('asks for the e-mail when the account has no password', async () => {
      const { user, callsTo } = await openProfile({
        'GET /api/user/account': { body: { hasPassword: false } },
        'DELETE /api/user/account': { body: { message: AccountText.accountDeleted } },
      });
      const section = within(screen.getByRole('region', { name: AccountUiText.deleteTitle }));
      await user.type(await section.findByLabelText(AccountUiText.deleteConfirmEmail), 'ann@example.com');
      await user.click(section.getByRole('button', { name: AccountUiText.deleteButton }));
      const dialog = await screen.findByRole('dialog', { name: AccountUiText.deleteConfirmTitle });
      await user.click(within(dialog).getByRole('button', { name: AccountUiText.deleteConfirmOk }));
      await waitFor(() =>
        expect(callsTo('DELETE', '/api/user/account')[0]?.body).toEqual({ email: 'ann@example.com' }),
      );
    });
  });
});
