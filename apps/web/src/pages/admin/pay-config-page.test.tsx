import { CatalogNotice } from '@retouch/shared/catalog';
import { PackageText, type Product } from '@retouch/shared/payments';
import { PermissionSign } from '@retouch/shared/permissions';
import { AdminText } from '@retouch/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { PackageRowLabel, PackagesAdminText } from '@/features/packages-admin/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const admin = aUser({ email: 'admin@retouch.local', role: { title: 'Admin' }, isAdmin: true });
const popular: Product = {
  _id: 'p-100',
  cost: 4,
  description: '100 tokens + 50 bonus',
  charge: 100,
  bonus: 50,
  merchant_id: 2,
};

function openPackages(answers: Parameters<typeof mockFetch>[0] = {}, signs: number[] = [0, 7]) {
  setSessionFlags({ isAdmin: true });
  const api = mockFetch({
    'GET /api/user/info': { body: admin },
    'GET /api/admin/permissions/user': { body: signs.map((sign) => ({ sign, status: true })) },
    'GET /api/products': { body: [popular] },
    ...answers,
  });
  return { ...renderApp('/admin/pay-config'), ...api };
}

const form = () => within(screen.getByRole('dialog'));
const rows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row));

// The routes load these lazily; loading them once here keeps the first test's waits about the screen.
beforeAll(async () => {
  await import('@/pages/admin/admin-area');
  await import('@/pages/admin/pay-config-page');
});

describe('/admin/pay-config', () => {
  it('lists the packages with cost, description, charge, bonus and merchant_id', async () => {
    openPackages();
    expect(await screen.findByText(popular.description)).toBeInTheDocument();
    const cells = rows()[0]!
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual(['4', '100 tokens + 50 bonus', '100', '50', '2']);
  });

  it('shows the rule texts of the package form', async () => {
    const { user, callsTo } = openPackages();
    await user.click(await screen.findByRole('button', { name: PackagesAdminText.addPackage }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(form().getByRole('button', { name: PackagesAdminText.add }));
    // antd shows the field errors one render at a time: wait for all of them.
    await waitFor(() => expect(form().getAllByText(PackageText.required)).toHaveLength(4));

    await user.type(form().getByLabelText(PackagesAdminText.cost), '0');
    await user.type(form().getByLabelText(PackagesAdminText.description), 'abc');
    await user.type(form().getByLabelText(PackagesAdminText.charge), 'ten');
    await user.type(form().getByLabelText(PackagesAdminText.bonus), '1.5');
    await user.type(form().getByLabelText(PackagesAdminText.merchantId), '7');
    await waitFor(() => {
      expect(form().getByText(PackageText.min1)).toBeInTheDocument();
      expect(form().getByText(PackageText.min4Chars)).toBeInTheDocument();
      expect(form().getAllByText(PackageText.numbersOnly)).toHaveLength(2);
    });
    expect(callsTo('POST', '/api/admin/product')).toHaveLength(0);
  });

  it('adds a package, sending bonus 0 when it is left empty', async () => {
    const added: Product = {
      _id: 'p-30',
      cost: 2,
      description: '30 tokens',
      charge: 30,
      bonus: 0,
      merchant_id: 1,
    };
    const { user, callsTo } = openPackages({ 'POST /api/admin/product': { status: 201, body: added } });
    await user.click(await screen.findByRole('button', { name: PackagesAdminText.addPackage }));
    await user.type(form().getByLabelText(PackagesAdminText.cost), '2');
    await user.type(form().getByLabelText(PackagesAdminText.description), '30 tokens');
    await user.type(form().getByLabelText(PackagesAdminText.charge), '30');
    await user.type(form().getByLabelText(PackagesAdminText.merchantId), '1');
    await user.click(form().getByRole('button', { name: PackagesAdminText.add }));

    expect(await screen.findByText(CatalogNotice.added)).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/product')[0]?.body).toEqual({
      cost: 2,
      description: '30 tokens',
      charge: 30,
      bonus: 0,
      merchant_id: 1,
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]!.getByText('30 tokens')).toBeInTheDocument();
  });

  it('saves an edited package', async () => {
    const edited = { ...popular, cost: 4.5, bonus: 60 };
    const { user, callsTo } = openPackages({ 'PATCH /api/admin/product/p-100': { body: edited } });
    await user.click(await screen.findByRole('button', { name: PackageRowLabel.edit(popular) }));
    expect(form().getByLabelText(PackagesAdminText.cost)).toHaveValue('4');
    await user.clear(form().getByLabelText(PackagesAdminText.cost));
    await user.type(form().getByLabelText(PackagesAdminText.cost), '4.5');
    await user.clear(form().getByLabelText(PackagesAdminText.bonus));
    await user.type(form().getByLabelText(PackagesAdminText.bonus), '60');
    await user.click(form().getByRole('button', { name: PackagesAdminText.save }));

    expect(await screen.findByText(CatalogNotice.changed)).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/admin/product/p-100')[0]?.body).toEqual({
      cost: 4.5,
      description: popular.description,
      charge: 100,
      bonus: 60,
      merchant_id: 2,
    });
    expect(await screen.findByRole('cell', { name: '4.5' })).toBeInTheDocument();
  });

  it("shows the server's refusal titled Ошибка and keeps the form", async () => {
    const { user } = openPackages({
      'PATCH /api/admin/product/p-100': { status: 404, body: { message: PackageText.notFound } },
    });
    await user.click(await screen.findByRole('button', { name: PackageRowLabel.edit(popular) }));
    await user.click(form().getByRole('button', { name: PackagesAdminText.save }));
    expect(await screen.findByText(PackageText.notFound)).toBeInTheDocument();
    expect(screen.getByText(AdminText.error)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('asks before deleting, then deletes', async () => {
    const { user, callsTo } = openPackages({
      'DELETE /api/admin/product/p-100': { body: { message: CatalogNotice.deleted } },
    });
    await user.click(await screen.findByRole('button', { name: PackageRowLabel.delete(popular) }));
    expect(await screen.findByText(PackagesAdminText.deleteConfirm)).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/admin/product/p-100')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: PackagesAdminText.delete }));
    expect(await screen.findByText(CatalogNotice.deleted)).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/admin/product/p-100')).toHaveLength(1);
    expect(await screen.findByText(PackagesAdminText.empty)).toBeInTheDocument();
  });

  it('is in the menu of a staff member who edits the payment config, and only theirs', async () => {
    const { user, location } = openPackages();
    await user.click(await screen.findByRole('link', { name: AdminText.menuPackages }));
    expect(location().pathname).toBe('/admin/pay-config');
  });

  it('is not in the menu without the editPayConfig permission', async () => {
    openPackages({}, [PermissionSign.showAdmin, PermissionSign.editServices]);
    expect(await screen.findByRole('link', { name: AdminText.menuServices })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: AdminText.menuPackages })).not.toBeInTheDocument();
  });
});
