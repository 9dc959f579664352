import { CatalogNotice, CatalogText } from '@retouch/shared/catalog';
import { AdminText } from '@retouch/shared/texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CatalogEditorLabel, CatalogEditorText } from '@/features/catalog-editor/texts';
import { stubXhr } from '@/test/fake-xhr';
import { aDegree, aGroup, anImage, aService, openCatalog } from './catalog-page.fixtures';

const dialog = () => within(screen.getByRole('dialog'));

async function fillOffer(user: UserEvent) {
  const form = dialog();
  await user.type(form.getByLabelText(CatalogEditorText.nameRu), 'Ретушь глаз');
  await user.type(form.getByLabelText(CatalogEditorText.nameEn), 'Eye retouch');
  await user.type(form.getByLabelText(CatalogEditorText.descriptionRu), 'Убрать красноту');
  await user.type(form.getByLabelText(CatalogEditorText.descriptionEn), 'Remove redness');
  await user.type(form.getByLabelText(CatalogEditorText.instruction), 'Не менять цвет глаз');
  await user.type(form.getByLabelText(CatalogEditorText.cost), '15');
  await user.type(form.getByLabelText(CatalogEditorText.designerPrice), '6');
  await user.type(form.getByLabelText(CatalogEditorText.executionTime), '20');
}

async function chooseImages(user: UserEvent, parts: { main?: File; before?: File; after?: File }) {
  const form = dialog();
  if (parts.main) await user.upload(form.getByLabelText(CatalogEditorText.mainImage), parts.main);
  if (parts.before) await user.upload(form.getByLabelText(CatalogEditorText.beforeImage), parts.before);
  if (parts.after) await user.upload(form.getByLabelText(CatalogEditorText.afterImage), parts.after);
}

describe('/admin/slider add a service', () => {
  async function openAddForm() {
    const group = aGroup();
    const view = await openCatalog({ groups: [group] });
    await view.user.click(screen.getByRole('button', { name: CatalogEditorText.addService }));
    await screen.findByRole('dialog');
    return { ...view, group };
  }

  it('shows the text of every rule the fields break', async () => {
    const { user } = await openAddForm();
    await user.type(dialog().getByLabelText(CatalogEditorText.instruction), '   ');
    await user.click(dialog().getByRole('button', { name: CatalogEditorText.add }));

    await waitFor(() => expect(dialog().getAllByText(CatalogText.nameEmpty)).toHaveLength(2));
    expect(dialog().getAllByText(CatalogText.descriptionEmpty)).toHaveLength(2);
    expect(dialog().getAllByText(CatalogText.instructionEmpty)).toHaveLength(1);
    expect(dialog().getAllByText(CatalogText.numberMin)).toHaveLength(3);
    expect(await screen.findByText(CatalogText.serviceImagesMissing)).toBeInTheDocument();
  });

  it("refuses to add without all three images: 'Вы не загрузили изображения'", async () => {
    const requests = stubXhr();
    const { user } = await openAddForm();
    await fillOffer(user);
    await chooseImages(user, { main: anImage('main.png'), after: anImage('after.png') });
    await user.click(dialog().getByRole('button', { name: CatalogEditorText.add }));

    expect(await screen.findByText(CatalogText.serviceImagesMissing)).toBeInTheDocument();
    expect(screen.getByText(AdminText.error)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('sends the data JSON and the three images, shows the progress, then the new list', async () => {
    const requests = stubXhr();
    const { user, group, callsTo } = await openAddForm();
    await fillOffer(user);
    await user.click(dialog().getByRole('switch', { name: CatalogEditorText.status }));
    await chooseImages(user, {
      main: anImage('main.png'),
      before: anImage('before.png'),
      after: anImage('after.png'),
    });
    expect(
      dialog().getByRole('img', { name: CatalogEditorLabel.preview(CatalogEditorText.beforeImage) }),
    ).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    await user.click(dialog().getByRole('button', { name: CatalogEditorText.add }));

    await waitFor(() => expect(requests).toHaveLength(1));
    const xhr = requests[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`/api/admin/services/list/${group._id}`);
    expect(JSON.parse(xhr.form.get('data') as string)).toEqual({
      title: { admin: 'Ретушь глаз', user: 'Eye retouch' },
      description: { admin: 'Убрать красноту', user: 'Remove redness' },
      instruction: 'Не менять цвет глаз',
      cost: 15,
      designerPrice: 6,
      executionTime: 20,
      status: true,
    });
    expect((xhr.form.get('image') as File).name).toBe('main.png');
    expect((xhr.form.get('before') as File).name).toBe('before.png');
    expect((xhr.form.get('after') as File).name).toBe('after.png');

    act(() => xhr.progress(40, 100));
    expect(await screen.findByTestId('upload-progress')).toHaveTextContent('40%');

    const created = aService({ title: { admin: 'Ретушь глаз', user: 'Eye retouch' } });
    act(() => xhr.respond(201, { ...created, list: [created] }));
    expect(await screen.findByText(CatalogNotice.slideAdded)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('GET', '/api/admin/services')).toHaveLength(2);
  });

  it("shows the server's message when the service is not added, and keeps the form", async () => {
    const requests = stubXhr();
    const { user } = await openAddForm();
    await fillOffer(user);
    await chooseImages(user, { main: anImage('a.png'), before: anImage('b.png'), after: anImage('c.png') });
    await user.click(dialog().getByRole('button', { name: CatalogEditorText.add }));
    await waitFor(() => expect(requests).toHaveLength(1));

    act(() => requests[0]!.respond(400, { message: 'The file is not a supported image' }));
    expect(await screen.findByText('The file is not a supported image')).toBeInTheDocument();
    expect(dialog().getByLabelText(CatalogEditorText.nameRu)).toHaveValue('Ретушь глаз');
    expect(screen.queryByTestId('upload-progress')).not.toBeInTheDocument();
  });
});

describe('/admin/slider edit a service', () => {
  const defaultDegree = aDegree({ title: { admin: 'Слабо', user: 'Light' }, default: true });
  const strongDegree = aDegree({ title: { admin: 'Сильно', user: 'Strong' } });

  async function openEditForm(service = aService()) {
    const view = await openCatalog({
      groups: [aGroup({ list: [service] })],
      degrees: [defaultDegree, strongDegree],
    });
    await view.user.click(screen.getByRole('button', { name: CatalogEditorLabel.edit(service.title.admin) }));
    await screen.findByRole('dialog');
    return { ...view, service };
  }

  it('shows the current pictures and sends the whole service without images when none changed', async () => {
    const requests = stubXhr();
    const { user, service } = await openEditForm();
    expect(
      dialog().getByRole('img', { name: CatalogEditorLabel.preview(CatalogEditorText.mainImage) }),
    ).toHaveAttribute('src', service.picture);
    await user.clear(dialog().getByLabelText(CatalogEditorText.nameRu));
    await user.type(dialog().getByLabelText(CatalogEditorText.nameRu), 'Ретушь лица');
    await user.click(dialog().getByRole('checkbox', { name: CatalogEditorText.embedInCanvas }));
    await user.click(dialog().getByRole('button', { name: CatalogEditorText.save }));

    await waitFor(() => expect(requests).toHaveLength(1));
    const xhr = requests[0]!;
    expect(xhr.method).toBe('PATCH');
    expect(xhr.url).toBe(`/api/admin/services/list/${service._id}`);
    expect([...xhr.form.keys()]).toEqual(['data']);
    expect(JSON.parse(xhr.form.get('data') as string)).toEqual({
      title: { admin: 'Ретушь лица', user: 'Skin retouch' },
      description: service.description,
      instruction: service.instruction,
      cost: 10,
      designerPrice: 4,
      executionTime: 30,
      status: true,
      embedInCanvas: true,
      allowMessage: true,
      allowAdditionalImage: false,
      multi: false,
      multiDegree: true,
      degreeAction: [],
    });
    expect(screen.queryByTestId('upload-progress')).not.toBeInTheDocument();
    act(() => xhr.respond(200, service));
    expect(await screen.findByText(CatalogNotice.slideUpdated)).toBeInTheDocument();
  });

  it('sends only the image that changed', async () => {
    const requests = stubXhr();
    const { user } = await openEditForm();
    await chooseImages(user, { before: anImage('new-before.png') });
    await user.click(dialog().getByRole('button', { name: CatalogEditorText.save }));

    await waitFor(() => expect(requests).toHaveLength(1));
    expect([...requests[0]!.form.keys()]).toEqual(['data', 'before']);
    expect((requests[0]!.form.get('before') as File).name).toBe('new-before.png');
  });

  // Back office section 8: "Fixed notifications (title Ошибка): ... 'Слайд не был обновлён'".
  it("shows the fixed 'Слайд не был обновлён', with the server's reason beside it", async () => {
    const requests = stubXhr();
    const { user } = await openEditForm();
    await user.click(dialog().getByRole('button', { name: CatalogEditorText.save }));
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => requests[0]!.respond(400, { message: 'Изображение слишком большое' }));
    expect(await screen.findByText(CatalogNotice.slideNotUpdated)).toBeInTheDocument();
    expect(screen.getByText(AdminText.error)).toBeInTheDocument();
    expect(screen.getByText('Изображение слишком большое')).toBeInTheDocument();
  });

  it("shows 'Слайд не был обновлён' alone when the server says nothing", async () => {
    const requests = stubXhr();
    const { user } = await openEditForm();
    await user.click(dialog().getByRole('button', { name: CatalogEditorText.save }));
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => requests[0]!.respond(500, {}));
    expect(await screen.findByText(CatalogNotice.slideNotUpdated)).toBeInTheDocument();
  });

  it('keeps the default degree selected and warns when it is removed', async () => {
    const requests = stubXhr();
    const { user } = await openEditForm(aService({ degreeAction: [strongDegree._id, defaultDegree._id] }));
    const degrees = dialog().getByLabelText(CatalogEditorText.degrees);
    const defaultTag = await dialog().findByText('Слабо (по умолчанию)');

    await user.click(degrees);
    await user.keyboard('{Backspace}');
    expect(await screen.findByText(CatalogText.defaultDegreeRemoved)).toBeInTheDocument();
    expect(screen.getByText(AdminText.warning)).toBeInTheDocument();
    expect(defaultTag).toBeInTheDocument();

    await user.click(dialog().getByRole('button', { name: CatalogEditorText.save }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const data = JSON.parse(requests[0]!.form.get('data') as string) as { degreeAction: string[] };
    expect([...data.degreeAction].sort()).toEqual([defaultDegree._id, strongDegree._id].sort());
  });

  it('adds the default degree with the first degree picked', async () => {
    const requests = stubXhr();
    const { user } = await openEditForm(aService({ degreeAction: [] }));
    await user.click(dialog().getByLabelText(CatalogEditorText.degrees));
    await user.keyboard('Силь');
    await user.click(screen.getByTitle('Сильно'));
    expect(await dialog().findByText('Слабо (по умолчанию)')).toBeInTheDocument();

    await user.click(dialog().getByRole('button', { name: CatalogEditorText.save }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const data = JSON.parse(requests[0]!.form.get('data') as string) as { degreeAction: string[] };
    expect(data.degreeAction).toEqual([defaultDegree._id, strongDegree._id]);
  });
});
