import { CatalogNotice, type Degree } from '@retouch/shared/catalog';
import { AdminText } from '@retouch/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { DegreeText } from '@/features/degrees/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const admin = aUser({ email: 'admin@retouch.local', role: { title: 'Admin' }, isAdmin: true });
const light: Degree = { _id: 'd-light', title: { admin: 'Слабо', user: 'Light' }, default: true };
const strong: Degree = { _id: 'd-strong', title: { admin: 'Сильно', user: 'Strong' }, default: false };

function openDegrees(answers: Parameters<typeof mockFetch>[0] = {}, signs = [0, 1]) {
  setSessionFlags({ isAdmin: true });
  const api = mockFetch({
    'GET /api/user/info': { body: admin },
    'GET /api/admin/permissions/user': { body: signs.map((sign) => ({ sign, status: true })) },
    'GET /api/admin/services/degree': { body: [light, strong] },
    ...answers,
  });
  return { ...renderApp('/admin/degree-action'), ...api };
}

/** The table row holding the RU title `title`. */
async function rowOf(title: string) {
  const input = await screen.findByDisplayValue(title);
  return within(input.closest('tr')!);
}

// The routes load these lazily; loading them once here keeps the first test's waits about the screen.
beforeAll(async () => {
  await import('@/pages/admin/admin-area');
  await import('@/pages/admin/degree-action-page');
});

describe('/admin/degree-action', () => {
  it('lists the degrees with their titles and the default chosen', async () => {
    openDegrees();
    const lightRow = await rowOf('Слабо');
    expect(lightRow.getByLabelText(DegreeText.titleUser)).toHaveValue('Light');
    expect(lightRow.getByRole('radio', { name: DegreeText.isDefault })).toBeChecked();
    expect((await rowOf('Сильно')).getByRole('radio', { name: DegreeText.isDefault })).not.toBeChecked();
    expect(screen.getByRole('menuitem', { name: DegreeText.screenTitle })).toBeInTheDocument();
  });

  it('saves a newly chosen default at once with default true', async () => {
    const { user, callsTo } = openDegrees({
      'PATCH /api/admin/services/degree/d-strong': {
        body: [
          { ...light, default: false },
          { ...strong, default: true },
        ],
      },
    });
    await user.click((await rowOf('Сильно')).getByRole('radio', { name: DegreeText.isDefault }));

    expect(await screen.findByText(CatalogNotice.defaultDegreeSet)).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/admin/services/degree/d-strong')[0]?.body).toEqual({
      title: strong.title,
      default: true,
    });
    expect((await rowOf('Сильно')).getByRole('radio', { name: DegreeText.isDefault })).toBeChecked();
    expect((await rowOf('Слабо')).getByRole('radio', { name: DegreeText.isDefault })).not.toBeChecked();
    // The delete button follows the default.
    expect((await rowOf('Сильно')).getByRole('button', { name: DegreeText.delete })).toBeDisabled();
    expect((await rowOf('Слабо')).getByRole('button', { name: DegreeText.delete })).toBeEnabled();
  });

  it('says something went wrong when the default cannot be moved, and keeps the old one', async () => {
    const { user } = openDegrees({
      'PATCH /api/admin/services/degree/d-strong': {
        status: 500,
        body: { message: 'Internal server error' },
      },
    });
    await user.click((await rowOf('Сильно')).getByRole('radio', { name: DegreeText.isDefault }));

    expect(await screen.findByText(CatalogNotice.somethingWrong)).toBeInTheDocument();
    expect(screen.getByText(AdminText.error)).toBeInTheDocument();
    expect((await rowOf('Слабо')).getByRole('radio', { name: DegreeText.isDefault })).toBeChecked();
  });

  it('saves only the edited rows with their titles and default flag', async () => {
    const renamed = { ...strong, title: { admin: 'Очень сильно', user: 'Strong' } };
    const { user, callsTo } = openDegrees({
      'PATCH /api/admin/services/degree/d-strong': { body: [light, renamed] },
    });
    const save = await screen.findByRole('button', { name: DegreeText.save });
    await rowOf('Сильно');
    expect(save).toBeDisabled();

    const admin = (await rowOf('Сильно')).getByLabelText(DegreeText.titleAdmin);
    await user.clear(admin);
    await user.type(admin, 'Очень сильно');
    await user.click(save);

    expect(await screen.findByText(CatalogNotice.dataUpdated)).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/admin/services/degree/d-strong').map((call) => call.body)).toEqual([
      { title: renamed.title, default: false },
    ]);
    expect(callsTo('PATCH', '/api/admin/services/degree/d-light')).toHaveLength(0);
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('says something went wrong when saving fails', async () => {
    const { user } = openDegrees({
      'PATCH /api/admin/services/degree/d-light': { status: 400, body: { message: 'Invalid request' } },
    });
    await user.type((await rowOf('Слабо')).getByLabelText(DegreeText.titleUser), ' touch');
    await user.click(screen.getByRole('button', { name: DegreeText.save }));
    expect(await screen.findByText(CatalogNotice.somethingWrong)).toBeInTheDocument();
    expect(screen.getByDisplayValue('Light touch')).toBeInTheDocument();
  });

  it('adds a row that is created on the server only when saved with both titles', async () => {
    const medium: Degree = { _id: 'd-medium', title: { admin: 'Средне', user: 'Medium' }, default: false };
    const { user, callsTo } = openDegrees({
      'POST /api/admin/services/degree': { status: 201, body: medium },
    });
    await rowOf('Слабо');
    const save = screen.getByRole('button', { name: DegreeText.save });
    await user.click(screen.getByRole('button', { name: DegreeText.add }));

    await waitFor(() => expect(screen.getAllByLabelText(DegreeText.titleAdmin)).toHaveLength(3));
    const newAdmin = screen.getAllByLabelText(DegreeText.titleAdmin)[2]!;
    const newUser = screen.getAllByLabelText(DegreeText.titleUser)[2]!;
    expect(newAdmin).toHaveValue('');
    expect(newAdmin).toHaveFocus();
    expect(save).toBeDisabled();
    expect(screen.getByRole('button', { name: DegreeText.add })).toBeDisabled();

    await user.type(newAdmin, 'Средне');
    await user.type(newUser, '  ');
    expect(save).toBeDisabled();
    expect(callsTo('POST', '/api/admin/services/degree')).toHaveLength(0);

    await user.clear(newUser);
    await user.type(newUser, 'Medium');
    await user.click(save);

    expect(await screen.findByText(CatalogNotice.dataUpdated)).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/services/degree').map((call) => call.body)).toEqual([
      { title: medium.title },
    ]);
    await waitFor(() => expect(save).toBeDisabled());
    expect(screen.getAllByLabelText(DegreeText.titleAdmin)).toHaveLength(3);
    expect(screen.getByRole('button', { name: DegreeText.add })).toBeEnabled();
  });

  it('drops a new row on cancel without calling the server', async () => {
    const { user, calls } = openDegrees();
    await rowOf('Слабо');
    await user.click(screen.getByRole('button', { name: DegreeText.add }));
    await waitFor(() => expect(screen.getAllByLabelText(DegreeText.titleAdmin)).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: DegreeText.cancel }));
    await waitFor(() => expect(screen.getAllByLabelText(DegreeText.titleAdmin)).toHaveLength(2));
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('does not save a degree whose title was emptied', async () => {
    const { user, callsTo } = openDegrees();
    const save = await screen.findByRole('button', { name: DegreeText.save });
    const english = (await rowOf('Сильно')).getByLabelText(DegreeText.titleUser);
    await user.clear(english);
    expect(save).toBeDisabled();
    await user.type(english, '   ');
    expect(save).toBeDisabled();
    expect(callsTo('PATCH', '/api/admin/services/degree/d-strong')).toHaveLength(0);
  });

  it("disables the default's delete and asks before deleting another", async () => {
    const { user, callsTo } = openDegrees({
      'DELETE /api/admin/services/degree/d-strong': { body: { message: 'Deleted' } },
    });
    expect((await rowOf('Слабо')).getByRole('button', { name: DegreeText.delete })).toBeDisabled();

    await user.click((await rowOf('Сильно')).getByRole('button', { name: DegreeText.delete }));
    expect(await screen.findByText(DegreeText.deleteConfirm)).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/admin/services/degree/d-strong')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'OK' }));

    expect(await screen.findByText(CatalogNotice.deleted)).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/admin/services/degree/d-strong')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByDisplayValue('Сильно')).not.toBeInTheDocument());
  });

  it('shows an empty state', async () => {
    openDegrees({ 'GET /api/admin/services/degree': { body: [] } });
    expect(await screen.findByText(DegreeText.empty)).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let answers = 0;
    const { user } = openDegrees({
      'GET /api/admin/services/degree': () =>
        (answers += 1) === 1
          ? { status: 500, body: { message: 'Internal server error' } }
          : { body: [light] },
    });
    await user.click(await screen.findByRole('button', { name: AdminText.tryAgain }));
    expect(await screen.findByDisplayValue('Слабо')).toBeInTheDocument();
  });

  it('is not in the menu without the editServices permission', async () => {
    openDegrees({}, [0]);
    expect(await screen.findByRole('menuitem', { name: AdminText.home })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: DegreeText.screenTitle })).not.toBeInTheDocument();
  });
});
