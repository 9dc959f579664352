import { CatalogNotice, CatalogText, type RefusalReason } from '@retouch/shared/catalog';
import { AdminText } from '@retouch/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ReasonText } from '@/features/refusal-reasons/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
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

  // Back office section 2: "add (created empty)"; section 7: POST /api/admin/orders/reason with
  // title.admin and title.user "empty on create".
  it('adds a row by creating an empty reason on the server at once, then saves the titles typed in it', async () => {
    const created: RefusalReason = { _id: 'r-new', title: { admin: '', user: '' } };
    const typed = { admin: 'Нет лица', user: 'No face' };
    const { user, callsTo } = openReasons({
      'POST /api/admin/orders/reason': { status: 201, body: created },
      'PATCH /api/admin/orders/reason/r-new': { body: { ...created, title: typed } },
    });
    await screen.findByDisplayValue('Размытое фото');
    await user.click(screen.getByRole('button', { name: ReasonText.add }));

    expect(await screen.findByText(CatalogNotice.added)).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/orders/reason').map((call) => call.body)).toEqual([
      { title: { admin: '', user: '' } },
    ]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const row = rows()[1]!;
    expect(row.getByLabelText(ReasonText.titleAdmin)).toHaveValue('');
    expect(row.getByLabelText(ReasonText.titleAdmin)).toHaveFocus();
    expect(row.getByRole('button', { name: ReasonText.save })).toBeDisabled();
    expect(screen.getByRole('button', { name: ReasonText.add })).toBeEnabled();

    await user.type(row.getByLabelText(ReasonText.titleAdmin), typed.admin);
    await user.type(row.getByLabelText(ReasonText.titleUser), '   ');
    expect(row.getByRole('button', { name: ReasonText.save })).toBeDisabled();
    await user.clear(row.getByLabelText(ReasonText.titleUser));
    await user.type(row.getByLabelText(ReasonText.titleUser), typed.user);
    await user.click(row.getByRole('button', { name: ReasonText.save }));

    expect(await screen.findByText(CatalogNotice.changed)).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/admin/orders/reason/r-new').map((call) => call.body)).toEqual([
      { title: typed },
    ]);
    await waitFor(() => expect(rows()[1]!.getByRole('button', { name: ReasonText.save })).toBeDisabled());
    expect(rows()).toHaveLength(2);
    expect(callsTo('POST', '/api/admin/orders/reason')).toHaveLength(1);
  });

  it('deletes an added empty row as any other, asking first', async () => {
    const created: RefusalReason = { _id: 'r-new', title: { admin: '', user: '' } };
    const { user, callsTo } = openReasons({
      'POST /api/admin/orders/reason': { status: 201, body: created },
      'DELETE /api/admin/orders/reason/r-new': { body: { message: 'Deleted' } },
    });
    await screen.findByDisplayValue('Размытое фото');
    await user.click(screen.getByRole('button', { name: ReasonText.add }));
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(rows()[1]!.getByRole('button', { name: ReasonText.delete }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText(CatalogNotice.reasonDeleted)).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/admin/orders/reason/r-new')).toHaveLength(1);
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('does not save a reason whose title was emptied', async () => {
    const { user, callsTo } = openReasons();
    const russian = await screen.findByDisplayValue('Размытое фото');
    await user.clear(russian);
    expect(rows()[0]!.getByRole('button', { name: ReasonText.save })).toBeDisabled();
    await user.type(russian, '  ');
    expect(rows()[0]!.getByRole('button', { name: ReasonText.save })).toBeDisabled();
    expect(callsTo('PATCH', '/api/admin/orders/reason/r-blurry')).toHaveLength(0);
  });

  it("warns with the server's refusal when the empty reason is not created, and adds no row", async () => {
    const { user } = openReasons({
      'POST /api/admin/orders/reason': { status: 400, body: { message: CatalogText.reasonTitleEmpty } },
    });
    await screen.findByDisplayValue('Размытое фото');
    await user.click(screen.getByRole('button', { name: ReasonText.add }));

    expect(await screen.findByText(CatalogText.reasonTitleEmpty)).toBeInTheDocument();
    expect(screen.getByText(AdminText.warning)).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('button', { name: ReasonText.add })).toBeEnabled();
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
