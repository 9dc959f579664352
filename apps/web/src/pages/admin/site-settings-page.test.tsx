import type { CabinetSnapshot } from '@retouch/shared/dispatch';
import { PermissionSign } from '@retouch/shared/permissions';
import { SettingName, SettingsText, type SystemSetting } from '@retouch/shared/settings';
import { AdminText } from '@retouch/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SettingRowLabel, SiteSettingsText } from '@/features/site-settings/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

/** `GET /api/executor/state` off shift, no order in hand: what the designer cabinet reads on connecting. */
const OFF_SHIFT_CABINET: CabinetSnapshot = {
  shift: { startDate: null },
  order: null,
  extensionOffer: false,
  holderGraceSeconds: 60,
};

const admin = aUser({ email: 'admin@retouch.local', role: { title: 'Admin' }, isAdmin: true });
const LIST = 'GET /api/admin/system/settings';
const PATCH = '/api/admin/system/settings/order/overload';
const overload: SystemSetting = {
  _id: 's-1',
  name: SettingName.orderOverload,
  data: '2026-11-20T09:30:00.000Z',
};
const EDIT_SITE = [PermissionSign.showAdmin, PermissionSign.editSite];

function openSettings(answers: Parameters<typeof mockFetch>[0] = {}, signs: number[] = EDIT_SITE) {
  setSessionFlags({ isAdmin: true });
  const api = mockFetch({
    'GET /api/user/info': { body: admin },
    'GET /api/admin/permissions/user': { body: signs.map((sign) => ({ sign, status: true })) },
    'GET /api/executor/state': { body: OFF_SHIFT_CABINET },
    [LIST]: { body: { data: [overload] } },
    ...answers,
  });
  return { ...renderApp('/admin/site-settings'), ...api };
}

const dialog = () => within(screen.getByRole('dialog'));
// The first render of the lazy screen is slow on a busy machine.
const editButton = () => screen.findByRole('button', { name: SettingRowLabel.edit(overload.name) });
const localDateTime = (iso: string) => dayjs(iso).format('DD.MM.YYYY HH:mm');

// The routes load these lazily; loading them once here keeps the first test's waits about the screen.
beforeAll(async () => {
  await import('@/pages/admin/admin-area');
  await import('@/pages/admin/site-settings-page');
});

describe('/admin/site-settings', () => {
  it('lists each setting by its Russian label with its moment in local time', async () => {
    openSettings();
    expect(await screen.findByText('Перегрузка заказов до')).toBeInTheDocument();
    const row = within(screen.getAllByRole('row')[1]!);
    expect(row.getByText(localDateTime(overload.data!))).toBeInTheDocument();
    expect(screen.queryByText(overload.name)).not.toBeInTheDocument();
  });

  it('shows an unset setting as unset', async () => {
    openSettings({ [LIST]: { body: { data: [{ ...overload, data: null }] } } });
    expect(await screen.findByText(SiteSettingsText.unset)).toBeInTheDocument();
  });

  it('says when there are no settings', async () => {
    openSettings({ [LIST]: { body: { data: [] } } });
    expect(await screen.findByText(SiteSettingsText.empty)).toBeInTheDocument();
  });

  it('shows a loading state until the list arrives', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = openSettings();
    const list = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/admin/system/settings')) await gate;
      return list(input, init);
    });
    expect(await screen.findByLabelText(SiteSettingsText.loading)).toBeInTheDocument();
    release();
    expect(await screen.findByText('Перегрузка заказов до')).toBeInTheDocument();
  });

  it('keeps the edit button disabled without editSite', async () => {
    const { user } = openSettings({}, [PermissionSign.showAdmin, PermissionSign.cabinetDesigner]);
    const button = await editButton();
    expect(button).toBeDisabled();
    await user.click(button).catch(() => undefined);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('PATCHes the picked moment as ISO with its offset and shows the success notice', async () => {
    const picked = dayjs('2026-12-25T18:30:00');
    const saved: SystemSetting = { ...overload, data: picked.toISOString() };
    const { user, callsTo } = openSettings({
      [`PATCH ${PATCH}`]: { body: { message: SettingsText.updated, setting: saved } },
    });
    const button = await editButton();
    expect(button).toBeEnabled();
    await user.click(button);

    const input = dialog().getByPlaceholderText(SiteSettingsText.pickDateTime);
    expect(input).toHaveValue(localDateTime(overload.data!));
    await user.clear(input);
    await user.type(input, '25.12.2026 18:30');
    // The picker's own confirm button, then the dialog's.
    await user.click(screen.getByRole('button', { name: /^(OK|ОК)$/ }));
    expect(callsTo('PATCH', PATCH)).toHaveLength(0);
    await user.click(dialog().getByRole('button', { name: SiteSettingsText.save }));

    expect(await screen.findByText('Настройка успешно обновлёна')).toBeInTheDocument();
    const body = callsTo('PATCH', PATCH)[0]?.body as { data: string };
    expect(body).toEqual({ data: picked.format() });
    expect(body.data).toMatch(/^2026-12-25T18:30:00(Z|[+-]\d\d:\d\d)$/);
    expect(new Date(body.data).getTime()).toBe(picked.valueOf());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(localDateTime(saved.data!))).toBeInTheDocument();
  });

  it("clears the moment with the picker's clear control: PATCHes null and shows the setting unset", async () => {
    const cleared: SystemSetting = { ...overload, data: null };
    const { user, callsTo } = openSettings({
      [`PATCH ${PATCH}`]: { body: { message: SettingsText.updated, setting: cleared } },
    });
    await user.click(await editButton());
    expect(dialog().getByPlaceholderText(SiteSettingsText.pickDateTime)).toHaveValue(
      localDateTime(overload.data!),
    );

    await user.click(dialog().getByRole('button', { name: 'Очистить' }));
    expect(dialog().getByPlaceholderText(SiteSettingsText.pickDateTime)).toHaveValue('');
    await user.click(dialog().getByRole('button', { name: SiteSettingsText.save }));

    expect(await screen.findByText(SettingsText.updated)).toBeInTheDocument();
    expect(callsTo('PATCH', PATCH).map((call) => call.body)).toEqual([{ data: null }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(SiteSettingsText.unset)).toBeInTheDocument();
  });

  it("shows the server's refusal in a notification titled Ошибка and keeps the dialog", async () => {
    const { user } = openSettings({
      [`PATCH ${PATCH}`]: { status: 400, body: { message: 'Неверная дата' } },
    });
    await user.click(await editButton());
    await user.click(dialog().getByRole('button', { name: SiteSettingsText.save }));
    expect(await screen.findByText('Неверная дата')).toBeInTheDocument();
    expect(screen.getByText(AdminText.error)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
