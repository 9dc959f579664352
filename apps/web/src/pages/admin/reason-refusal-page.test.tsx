import { CatalogNotice, type RefusalReason } from '@retouch/shared/catalog';
import { AdminText } from '@retouch/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setSessionFlags } from '@/features/auth/stores/session-flags';
import { ReasonText } from '@/features/refusal-reasons/texts';
import { aUser } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const admin = aUser({ email: 'admin@retouch.local', role: { title: 'Admin' }, isAdmin: true });
const blurry: RefusalReason = { _id: 'r-blurry', title: { admin: 'Размытое фото', user: 'Blurry photo' } };

function openReasons(answers: Parameters<typeof mockFetch>[0] = {}) {
  setSessionFlags({ isAdmin: true });
  const api = mockFetch({
    'GET /api/user/info': { body: admin },
    'GET /api/admin/permissions/user': { body: [0, 1].map((sign) => ({ sign, status: true })) },
    'GET /api/orders/reason': { body: [blurry] },
    ...answers,
  });
  return { ...renderApp('/admin/reason-refusal'), ...api };
}

const rows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row));

// The routes load these lazily; loading them once here keeps the first test's waits about the screen.
beforeAll(async () => {
  await import('@/pages/admin/admin-area');
  await import('@/pages/admin/reason-refusal-page');
});

describe('/admin/reason-refusal', () => {
  it('lists the reasons with their RU and EN titles', async () => {
    openReasons();
    expect(await screen.findByDisplayValue('Размытое фото')).toBeInTheDocument();
    expect(rows()[0]!.getByLabelText(ReasonText.titleUser)).toHaveValue('Blurry photo');
    expect(rows()[0]!.getByRole('button', { name: ReasonText.save })).toBeDisabled();
  });

  it('adds an empty row that can be filled in and saved', async () => {
    const added: RefusalReason = { _id: 'r-new', title: { admin: '', user: '' } };
    const filled: RefusalReason = { _id: 'r-new', title: { admin: 'Нет лица', user: 'No face' } };
    const { user, callsTo } = openReasons({
      'POST /api/admin/orders/reason': { status: 201, body: added },
      'PATCH /api/admin/orders/reason/r-new': { body: filled },
    });
    await screen.findByDisplayValue('Размытое фото');
    await user.click(screen.getByRole('button', { name: ReasonText.add }));

    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(callsTo('POST', '/api/admin/orders/reason')[0]?.body).toEqual({ title: { admin: '', user: '' } });
    const row = rows()[1]!;
    expect(row.getByLabelText(ReasonText.titleAdmin)).toHaveValue('');
    expect(row.getByLabelText(ReasonText.titleAdmin)).toHaveFocus();

    await user.type(row.getByLabelText(ReasonText.titleAdmin), 'Нет лица');
    await user.type(row.getByLabelText(ReasonText.titleUser), 'No face');
    await user.click(row.getByRole('button', { name: ReasonText.save }));

    expect(await screen.findByText(CatalogNotice.changed)).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/admin/orders/reason/r-new')[0]?.body).toEqual({ title: filled.title });
  });

  it('saves an edited reason with both titles', async () => {
    const { user, callsTo } = openReasons({
      'PATCH /api/admin/orders/reason/r-blurry': {
        body: { ...blurry, title: { admin: 'Размытое фото', user: 'Blurred photo' } },
      },
    });
    const english = await screen.findByDisplayValue('Blurry photo');
    await user.clear(english);
    await user.type(english, 'Blurred photo');
    await user.click(rows()[0]!.getByRole('button', { name: ReasonText.save }));

    expect(await screen.findByText(CatalogNotice.changed)).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/admin/orders/reason/r-blurry')[0]?.body).toEqual({
      title: { admin: 'Размытое фото', user: 'Blurred photo' },
    });
    await waitFor(() => expect(rows()[0]!.getByRole('button', { name: ReasonText.save })).toBeDisabled());
  });

  it('warns when a reason cannot be saved and keeps the edit', async () => {
    const { user } = openReasons({
      'PATCH /api/admin/orders/reason/r-blurry': { status: 500, body: { message: 'Internal server error' } },
    });
    await user.type(await screen.findByDisplayValue('Размытое фото'), '!');
    await user.click(rows()[0]!.getByRole('button', { name: ReasonText.save }));

    expect(await screen.findByText(CatalogNotice.somethingWrong)).toBeInTheDocument();
    expect(screen.getByText(AdminText.warning)).toBeInTheDocument();
    expect(screen.getByDisplayValue('Размытое фото!')).toBeInTheDocument();
  });

  it('asks before deleting, then deletes', async () => {
    const { user, callsTo } = openReasons({
      'DELETE /api/admin/orders/reason/r-blurry': { body: { message: 'Deleted' } },
    });
    await screen.findByDisplayValue('Размытое фото');
    await user.click(rows()[0]!.getByRole('button', { name: ReasonText.delete }));
    expect(await screen.findByText(ReasonText.deleteConfirm)).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/admin/orders/reason/r-blurry')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(CatalogNotice.reasonDeleted)).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/admin/orders/reason/r-blurry')).toHaveLength(1);
    expect(await screen.findByText(ReasonText.empty)).toBeInTheDocument();
  });

  it('is in the menu of a staff member who edits services', async () => {
    const { user, location } = openReasons();
    await user.click(await screen.findByRole('link', { name: ReasonText.screenTitle }));
    expect(location().pathname).toBe('/admin/reason-refusal');
  });
});
