import { CatalogNotice, CatalogText, MAX_SERVICE_GROUPS } from '@retouch/shared/catalog';
import { AdminText } from '@retouch/shared/texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CatalogEditorLabel, CatalogEditorText } from '@/features/catalog-editor/texts';
import { stubXhr } from '@/test/fake-xhr';
import { aGroup, aService, openCatalog } from './catalog-page.fixtures';

const addGroupButton = () => screen.queryByRole('button', { name: CatalogEditorText.addGroup });
const dialog = () => within(screen.getByRole('dialog'));

describe('/admin/slider groups', () => {
  it('shows a tab per group, the inactive ones dimmed, and the services of the first one', async () => {
    const face = aGroup({ list: [aService()] });
    const body = aGroup({ title: { admin: 'Тело', user: 'Body' }, status: false });
    await openCatalog({ groups: [face, body] });

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Лицо', 'Тело']);
    expect(within(screen.getByRole('tab', { name: 'Тело' })).getByText('Тело')).toHaveClass(
      'ant-typography-secondary',
    );
    expect(within(screen.getByRole('tab', { name: 'Лицо' })).getByText('Лицо')).not.toHaveClass(
      'ant-typography-secondary',
    );
    const row = within(screen.getByRole('row', { name: /Ретушь кожи/ }));
    expect(row.getByText('10')).toBeInTheDocument();
    expect(row.getByRole('switch', { name: CatalogEditorLabel.status('Ретушь кожи') })).toBeChecked();
    expect(screen.getByRole('menuitem', { name: CatalogEditorText.title })).toBeInTheDocument();
  });

  it('offers to add the first group when there is none', async () => {
    await openCatalog({ groups: [] });
    expect(screen.getByText(CatalogEditorText.noGroups)).toBeInTheDocument();
    expect(addGroupButton()).toBeInTheDocument();
  });

  it(`hides the add-group button at ${MAX_SERVICE_GROUPS} groups`, async () => {
    const groups = Array.from({ length: MAX_SERVICE_GROUPS }, (_, i) =>
      aGroup({ title: { admin: `Группа ${i + 1}`, user: '' } }),
    );
    const { unmount } = await openCatalog({ groups: groups.slice(1) });
    expect(addGroupButton()).toBeInTheDocument();
    unmount();

    await openCatalog({ groups });
    expect(addGroupButton()).not.toBeInTheDocument();
  });

  it('requires the RU name of a new group, then adds it and shows it', async () => {
    const existing = aGroup();
    const created = aGroup({ title: { admin: 'Волосы', user: '' }, status: true });
    let groups = [existing];
    const { user, callsTo } = await openCatalog({
      answers: {
        'GET /api/admin/services': () => ({ body: groups }),
        'POST /api/admin/services/group': () => {
          groups = [existing, created];
          return { status: 201, body: created };
        },
      },
    });

    await user.click(addGroupButton()!);
    await user.click(dialog().getByRole('button', { name: CatalogEditorText.add }));
    expect(await dialog().findByText(CatalogText.nameEmpty)).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/services/group')).toHaveLength(0);

    await user.type(dialog().getByLabelText(CatalogEditorText.nameRu), '  Волосы ');
    await user.click(dialog().getByRole('switch', { name: CatalogEditorText.status }));
    await user.click(dialog().getByRole('button', { name: CatalogEditorText.add }));

    // Back office section 8 has 'Слайдер успешно удалён/обновлён' but nothing for a new group: 'Добавлено'.
    expect(await screen.findByText('Добавлено')).toBeInTheDocument();
    expect(screen.queryByText(CatalogNotice.sliderUpdated)).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/services/group')[0]?.body).toEqual({
      title: { admin: 'Волосы', user: '' },
      status: true,
    });
    // The new group is the open tab.
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Волосы' })).toHaveAttribute('aria-selected', 'true'),
    );
  });

  it('edits the titles and status of a group, both titles required', async () => {
    const group = aGroup();
    const { user, callsTo } = await openCatalog({
      groups: [group],
      answers: { [`PATCH /api/admin/services/group/${group._id}`]: { body: group } },
    });

    await user.click(screen.getByRole('button', { name: CatalogEditorText.editGroup }));
    await user.clear(dialog().getByLabelText(CatalogEditorText.nameEn));
    await user.click(dialog().getByRole('button', { name: CatalogEditorText.save }));
    expect(await dialog().findByText(CatalogText.nameEmpty)).toBeInTheDocument();
    expect(callsTo('PATCH', `/api/admin/services/group/${group._id}`)).toHaveLength(0);

    await user.type(dialog().getByLabelText(CatalogEditorText.nameEn), 'Face & neck');
    await user.click(dialog().getByRole('switch', { name: CatalogEditorText.status }));
    await user.click(dialog().getByRole('button', { name: CatalogEditorText.save }));

    expect(await screen.findByText(CatalogNotice.sliderUpdated)).toBeInTheDocument();
    expect(callsTo('PATCH', `/api/admin/services/group/${group._id}`)[0]?.body).toEqual({
      title: { admin: 'Лицо', user: 'Face & neck' },
      status: false,
    });
  });

  it("says 'Слайдер не был обновлён' when the group is not saved", async () => {
    const { user } = await openCatalog({
      groups: [aGroup()],
      answers: {
        'POST /api/admin/services/group': { status: 500, body: { message: 'Internal server error' } },
      },
    });
    await user.click(addGroupButton()!);
    await user.type(dialog().getByLabelText(CatalogEditorText.nameRu), 'Волосы');
    await user.click(dialog().getByRole('button', { name: CatalogEditorText.add }));
    expect(await screen.findByText(CatalogNotice.sliderNotUpdated)).toBeInTheDocument();
    expect(screen.getByText(AdminText.error)).toBeInTheDocument();
    // The form stays open with what was typed.
    expect(dialog().getByLabelText(CatalogEditorText.nameRu)).toHaveValue('Волосы');
  });

  it('deletes a group only once confirmed, and says when it could not', async () => {
    const group = aGroup();
    const { user, callsTo } = await openCatalog({
      groups: [group],
      answers: { [`DELETE /api/admin/services/group/${group._id}`]: { status: 500, body: { message: 'x' } } },
    });

    await user.click(screen.getByRole('button', { name: CatalogEditorText.deleteGroup }));
    expect(await screen.findByText(CatalogEditorText.deleteGroupConfirm)).toBeInTheDocument();
    expect(callsTo('DELETE', `/api/admin/services/group/${group._id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: CatalogEditorText.delete }));
    expect(await screen.findByText(CatalogNotice.sliderNotDeleted)).toBeInTheDocument();
    expect(callsTo('DELETE', `/api/admin/services/group/${group._id}`)).toHaveLength(1);
  });
});

describe('/admin/slider services table', () => {
  // Issue 36: at 1440 px the table cut off its delete buttons.
  it("keeps every service's edit and delete buttons in view: their column is pinned to the table's right edge", async () => {
    await openCatalog({ groups: [aGroup({ list: [aService()] })] });
    for (const name of [CatalogEditorLabel.edit('Ретушь кожи'), CatalogEditorLabel.delete('Ретушь кожи')]) {
      expect(screen.getByRole('button', { name }).closest('td')).toHaveClass('ant-table-cell-fix-end');
    }
  });

  it('deletes a service only once confirmed', async () => {
    const service = aService();
    const { user, callsTo } = await openCatalog({
      groups: [aGroup({ list: [service] })],
      answers: { [`DELETE /api/admin/services/list/${service._id}`]: { body: { message: 'Deleted' } } },
    });

    await user.click(screen.getByRole('button', { name: CatalogEditorLabel.delete('Ретушь кожи') }));
    expect(await screen.findByText(CatalogEditorText.deleteServiceConfirm)).toBeInTheDocument();
    expect(callsTo('DELETE', `/api/admin/services/list/${service._id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: CatalogEditorText.delete }));
    expect(await screen.findByText(CatalogNotice.slideDeleted)).toBeInTheDocument();
    expect(callsTo('DELETE', `/api/admin/services/list/${service._id}`)).toHaveLength(1);
  });

  it('sends the whole service with the status flipped and no images', async () => {
    const requests = stubXhr();
    const service = aService({ status: false, degreeAction: ['00000000-0000-4000-8000-0000000000aa'] });
    const { user } = await openCatalog({ groups: [aGroup({ list: [service] })] });
    const toggle = screen.getByRole('switch', { name: CatalogEditorLabel.status('Ретушь кожи') });

    await user.click(toggle);
    await waitFor(() => expect(requests).toHaveLength(1));
    const xhr = requests[0]!;
    expect(xhr.method).toBe('PATCH');
    expect(xhr.url).toBe(`/api/admin/services/list/${service._id}`);
    expect([...xhr.form.keys()]).toEqual(['data']);
    expect(JSON.parse(xhr.form.get('data') as string)).toEqual({
      title: service.title,
      description: service.description,
      instruction: service.instruction,
      cost: 10,
      designerPrice: 4,
      executionTime: 30,
      status: true,
      embedInCanvas: false,
      allowMessage: true,
      allowAdditionalImage: false,
      multi: false,
      multiDegree: true,
      degreeAction: ['00000000-0000-4000-8000-0000000000aa'],
    });
    expect(toggle).toBeChecked();
  });

  it("puts the switch back and says 'Статус не был обновлён' when the change fails", async () => {
    const requests = stubXhr();
    const { user } = await openCatalog({ groups: [aGroup({ list: [aService({ status: false })] })] });
    const toggle = screen.getByRole('switch', { name: CatalogEditorLabel.status('Ретушь кожи') });

    await user.click(toggle);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(toggle).toBeChecked();

    act(() => requests[0]!.respond(500, { message: 'Internal server error' }));
    expect(await screen.findByText(CatalogNotice.statusNotUpdated)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: CatalogEditorLabel.status('Ретушь кожи') })).not.toBeChecked();
  });

  it('hides the tables while a dialog is open', async () => {
    const { user } = await openCatalog({ groups: [aGroup({ list: [aService()] })] });
    expect(screen.getByRole('table')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: CatalogEditorText.addService }));
    await screen.findByRole('dialog');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(dialog().getByRole('button', { name: CatalogEditorText.cancel }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
