import { CatalogNotice, CatalogText } from '@retouch/shared/catalog';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CatalogEditorLabel, CatalogEditorText } from '@/features/catalog-editor/texts';
import { stubXhr } from '@/test/fake-xhr';
import {
  aGroup,
  anImage,
  anOption,
  aService,
  aTemplate,
  openCatalog,
  topDialog,
  type CatalogSetup,
} from './catalog-page.fixtures';

// The drawer is the first dialog; the forms open above it.
const drawer = () => within(screen.getAllByRole('dialog')[0]!);
const modal = topDialog;

const earrings = anOption();
const service = aService({ optional: [earrings] });
const template = aTemplate();

async function openOptions(answers: CatalogSetup = {}) {
  const view = await openCatalog({
    groups: [aGroup({ list: [service] })],
    templates: [template],
    ...answers,
  });
  await view.user.click(screen.getByRole('button', { name: CatalogEditorLabel.options('Ретушь кожи') }));
  await screen.findByText(`${CatalogEditorText.optionsTitle}: Ретушь кожи`);
  return view;
}

async function fillOffer(user: UserEvent, form: ReturnType<typeof within>) {
  await user.type(form.getByLabelText(CatalogEditorText.nameRu), 'Фата');
  await user.type(form.getByLabelText(CatalogEditorText.nameEn), 'Veil');
  await user.type(form.getByLabelText(CatalogEditorText.descriptionRu), 'Добавить фату');
  await user.type(form.getByLabelText(CatalogEditorText.descriptionEn), 'Add a veil');
  await user.type(form.getByLabelText(CatalogEditorText.instruction), 'Белая фата');
  await user.type(form.getByLabelText(CatalogEditorText.cost), '3');
  await user.type(form.getByLabelText(CatalogEditorText.designerPrice), '2');
  await user.type(form.getByLabelText(CatalogEditorText.executionTime), '15');
}

describe('/admin/slider options of a service', () => {
  it('lists the options with their status switches', async () => {
    await openOptions();
    const row = within(drawer().getByRole('row', { name: /Серьги/ }));
    expect(row.getByText('2')).toBeInTheDocument();
    expect(row.getByRole('switch', { name: CatalogEditorLabel.status('Серьги') })).toBeChecked();
  });

  it("keeps every option's edit and delete buttons in view: their column is pinned to the table's right edge", async () => {
    await openOptions();
    for (const name of [CatalogEditorLabel.edit('Серьги'), CatalogEditorLabel.delete('Серьги')]) {
      expect(drawer().getByRole('button', { name }).closest('td')).toHaveClass('ant-table-cell-fix-end');
    }
  });

  it("refuses to add an option without its three images: 'Вы не загрузили картику'", async () => {
    const requests = stubXhr();
    const { user } = await openOptions();
    await user.click(drawer().getByRole('button', { name: CatalogEditorText.addOption }));
    const form = modal(CatalogEditorText.newOption);
    await fillOffer(user, form);
    await user.upload(form.getByLabelText(CatalogEditorText.mainImage), anImage('main.png'));
    await user.click(form.getByRole('button', { name: CatalogEditorText.add }));

    expect(await screen.findByText(CatalogText.optionImagesMissing)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('adds an option with its data and three images', async () => {
    const requests = stubXhr();
    const { user } = await openOptions();
    await user.click(drawer().getByRole('button', { name: CatalogEditorText.addOption }));
    const form = modal(CatalogEditorText.newOption);
    await fillOffer(user, form);
    await user.upload(form.getByLabelText(CatalogEditorText.mainImage), anImage('main.png'));
    await user.upload(form.getByLabelText(CatalogEditorText.beforeImage), anImage('before.png'));
    await user.upload(form.getByLabelText(CatalogEditorText.afterImage), anImage('after.png'));
    await user.click(form.getByRole('button', { name: CatalogEditorText.add }));

    await waitFor(() => expect(requests).toHaveLength(1));
    const xhr = requests[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`/api/admin/services/optional/${service._id}`);
    expect(JSON.parse(xhr.form.get('data') as string)).toEqual({
      title: { admin: 'Фата', user: 'Veil' },
      description: { admin: 'Добавить фату', user: 'Add a veil' },
      instruction: 'Белая фата',
      cost: 3,
      designerPrice: 2,
      executionTime: 15,
      status: false,
    });
    expect(['image', 'before', 'after'].map((part) => (xhr.form.get(part) as File).name)).toEqual([
      'main.png',
      'before.png',
      'after.png',
    ]);
    const created = anOption({ title: { admin: 'Фата', user: 'Veil' } });
    act(() => xhr.respond(201, { ...created, optional: [created] }));
    expect(await screen.findByText(CatalogNotice.slideSaved)).toBeInTheDocument();
  });

  it('fills the option form from a template', async () => {
    const { user } = await openOptions();
    await user.click(drawer().getByRole('button', { name: CatalogEditorText.addOption }));
    const form = modal(CatalogEditorText.newOption);
    await user.click(form.getByLabelText(CatalogEditorText.fillFromTemplate));
    await user.click(await screen.findByTitle('Макияж'));

    expect(form.getByLabelText(CatalogEditorText.nameRu)).toHaveValue('Макияж');
    expect(form.getByLabelText(CatalogEditorText.nameEn)).toHaveValue('Make-up');
    expect(form.getByLabelText(CatalogEditorText.descriptionEn)).toHaveValue('Light make-up');
    expect(form.getByLabelText(CatalogEditorText.instruction)).toHaveValue('Естественные тона');
    expect(form.getByLabelText(CatalogEditorText.cost)).toHaveValue('3');
    expect(form.getByLabelText(CatalogEditorText.executionTime)).toHaveValue('10');
  });

  it('edits an option without sending images when none changed', async () => {
    const requests = stubXhr();
    const { user } = await openOptions();
    await user.click(drawer().getByRole('button', { name: CatalogEditorLabel.edit('Серьги') }));
    const form = modal(CatalogEditorText.editOption);
    expect(
      form.getByRole('img', { name: CatalogEditorLabel.preview(CatalogEditorText.afterImage) }),
    ).toHaveAttribute('src', earrings.pictureAfter);
    await user.clear(form.getByLabelText(CatalogEditorText.cost));
    await user.type(form.getByLabelText(CatalogEditorText.cost), '4');
    await user.click(form.getByRole('button', { name: CatalogEditorText.save }));

    await waitFor(() => expect(requests).toHaveLength(1));
    const xhr = requests[0]!;
    expect(xhr.method).toBe('PATCH');
    expect(xhr.url).toBe(`/api/admin/services/optional/${earrings._id}`);
    expect([...xhr.form.keys()]).toEqual(['data']);
    expect(JSON.parse(xhr.form.get('data') as string)).toMatchObject({
      title: earrings.title,
      cost: 4,
      status: true,
    });
    act(() => xhr.respond(200, { ...earrings, cost: 4, optional: [] }));
    expect(await screen.findByText(CatalogNotice.slideChanged)).toBeInTheDocument();
  });

  it("puts an option's switch back and says 'Статус не был обновлён' when the change fails", async () => {
    const requests = stubXhr();
    const { user } = await openOptions();
    const toggle = drawer().getByRole('switch', { name: CatalogEditorLabel.status('Серьги') });
    await user.click(toggle);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.url).toBe(`/api/admin/services/optional/${earrings._id}`);
    expect(JSON.parse(requests[0]!.form.get('data') as string)).toMatchObject({ status: false });
    expect(toggle).not.toBeChecked();

    act(() => requests[0]!.respond(500, {}));
    expect(await screen.findByText(CatalogNotice.statusNotUpdated)).toBeInTheDocument();
    expect(drawer().getByRole('switch', { name: CatalogEditorLabel.status('Серьги') })).toBeChecked();
  });

  it('deletes an option only once confirmed', async () => {
    const path = `/api/admin/services/optional/${earrings._id}`;
    const { user, callsTo } = await openOptions({
      answers: { [`DELETE ${path}`]: { status: 500, body: {} } },
    });
    await user.click(drawer().getByRole('button', { name: CatalogEditorLabel.delete('Серьги') }));
    expect(await screen.findByText(CatalogEditorText.deleteOptionConfirm)).toBeInTheDocument();
    expect(callsTo('DELETE', path)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: CatalogEditorText.delete }));
    expect(await screen.findByText(CatalogNotice.slideNotDeleted)).toBeInTheDocument();
    expect(callsTo('DELETE', path)).toHaveLength(1);
  });
});

describe('/admin/slider option templates', () => {
  const templatePath = `/api/admin/services/optional-template/${template._id}`;

  async function openTemplates(answers: CatalogSetup['answers'] = {}) {
    const view = await openCatalog({ groups: [aGroup()], templates: [template], answers });
    await view.user.click(screen.getByRole('button', { name: CatalogEditorText.templates }));
    await screen.findByText('Макияж');
    const list = topDialog(CatalogEditorText.templatesTitle);
    return { ...view, list };
  }

  it("adds a template once its fields are valid: 'Добавлено'", async () => {
    const { user, list, callsTo } = await openTemplates({
      'POST /api/admin/services/optional-template': { status: 201, body: aTemplate() },
    });
    await user.click(list.getByRole('button', { name: CatalogEditorText.addTemplate }));
    const form = modal(CatalogEditorText.newTemplate);
    expect(form.queryByRole('switch')).not.toBeInTheDocument();
    expect(form.queryByLabelText(CatalogEditorText.mainImage)).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: CatalogEditorText.add }));
    await waitFor(() => expect(form.getAllByText(CatalogText.nameEmpty)).toHaveLength(2));
    expect(form.getAllByText(CatalogText.descriptionEmpty)).toHaveLength(2);
    expect(form.getAllByText(CatalogText.instructionEmpty)).toHaveLength(1);
    expect(form.getAllByText(CatalogText.numberMin)).toHaveLength(3);
    expect(callsTo('POST', '/api/admin/services/optional-template')).toHaveLength(0);

    await fillOffer(user, form);
    await user.click(form.getByRole('button', { name: CatalogEditorText.add }));
    expect(await screen.findByText(CatalogNotice.added)).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/services/optional-template')[0]?.body).toEqual({
      title: { admin: 'Фата', user: 'Veil' },
      description: { admin: 'Добавить фату', user: 'Add a veil' },
      instruction: 'Белая фата',
      cost: 3,
      designerPrice: 2,
      executionTime: 15,
    });
  });

  it("edits a template: 'Успешно изменено'", async () => {
    const { user, list, callsTo } = await openTemplates({
      [`PATCH ${templatePath}`]: { body: { ...template, executionTime: 12 } },
    });
    await user.click(list.getByRole('button', { name: CatalogEditorLabel.edit('Макияж') }));
    const form = modal(CatalogEditorText.editTemplate);
    await user.clear(form.getByLabelText(CatalogEditorText.executionTime));
    await user.type(form.getByLabelText(CatalogEditorText.executionTime), '12');
    await user.click(form.getByRole('button', { name: CatalogEditorText.save }));

    expect(await screen.findByText(CatalogNotice.changed)).toBeInTheDocument();
    const { _id: _ignored, ...fields } = template;
    expect(callsTo('PATCH', templatePath)[0]?.body).toEqual({ ...fields, executionTime: 12 });
  });

  it("deletes a template once confirmed: 'Успешно удалено'", async () => {
    const { user, list, callsTo } = await openTemplates({
      [`DELETE ${templatePath}`]: { body: { message: 'ok' } },
    });
    await user.click(list.getByRole('button', { name: CatalogEditorLabel.delete('Макияж') }));
    expect(await screen.findByText(CatalogEditorText.deleteTemplateConfirm)).toBeInTheDocument();
    expect(callsTo('DELETE', templatePath)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: CatalogEditorText.delete }));
    expect(await screen.findByText(CatalogNotice.deleted)).toBeInTheDocument();
    expect(callsTo('DELETE', templatePath)).toHaveLength(1);
  });
});
