import type { PublicGroup } from '@retouch/shared/catalog';
import { OrderText } from '@retouch/shared/orders';
import { CustomerText } from '@retouch/shared/texts';
import type { Balance } from '@retouch/shared/users';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BuyTokensText } from '@/features/buy-tokens/texts';
import { bodyGroup, faceGroup } from '@/features/editor/test/catalog';
import { imageFile } from '@/features/editor/test/editor-harness';
import { resetMemoryDraft } from '@/features/editor/test/memory-draft-store';
import { EditorText } from '@/features/editor/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { stubXhr } from '@/test/fake-xhr';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

// The Konva stage is the stand-in every web test has (test/setup.ts, features/editor/test/editor-harness.tsx).

// IndexedDB in memory: happy-dom has none, and the editor keeps its draft there.
vi.mock(
  '@/features/editor/stores/editor-draft-store',
  () => import('@/features/editor/test/memory-draft-store'),
);

/** happy-dom decodes no images: this one "loads" any source as 1200 x 800. */
class DecodedImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 0;
  naturalHeight = 0;
  set src(_url: string) {
    setTimeout(() => {
      this.naturalWidth = 1200;
      this.naturalHeight = 800;
      this.onload?.();
    });
  }
}

const catalogue: PublicGroup[] = [faceGroup, bodyGroup];

interface OpenOptions {
  loggedIn?: boolean;
  balance?: Balance;
  groups?: PublicGroup[];
  overloaded?: boolean;
  answers?: Parameters<typeof mockFetch>[0];
}

async function openEditor({
  loggedIn = true,
  balance = { main: 5, bonus: 20 },
  groups = catalogue,
  overloaded = false,
  answers = {},
}: OpenOptions = {}) {
  if (loggedIn) setSessionFlags({ isAdmin: false });
  const api = mockFetch({
    'GET /api/user/info': { body: aUser({ balance }) },
    'GET /api/services': { body: groups },
    'GET /api/system/order/overload': { body: { status: overloaded } },
    ...answers,
  });
  const view = renderApp('/core');
  await screen.findByRole('heading', { name: EditorText.heading, level: 1 });
  if (loggedIn) await screen.findByTestId('editor-balance');
  return { ...view, ...api };
}

type View = Awaited<ReturnType<typeof openEditor>>;

/** The file input of an antd Upload (it takes no test id of its own). */
const fileInputIn = (testId: string) =>
  screen.getByTestId(testId).querySelector<HTMLInputElement>('input[type=file]')!;

async function uploadPhoto({ user }: View) {
  await user.upload(fileInputIn('photo-upload'), imageFile('me.jpg'));
  expect(await screen.findByText('Showing me.jpg')).toBeInTheDocument();
}

const serviceCard = (name: RegExp) => screen.getByRole('button', { name });
/** antd hides its radio inputs from the pointer; people click the label. */
const radioLabel = (name: string) => screen.getByRole('radio', { name }).closest('label')!;
const send = ({ user }: View) => user.click(screen.getByRole('button', { name: EditorText.send }));

beforeAll(async () => {
  await import('@/pages/core-page');
});

beforeEach(() => {
  resetMemoryDraft();
  vi.stubGlobal('Image', DecodedImage);
});

describe('/core', () => {
  it('is open to visitors and linked from the header', async () => {
    mockFetch({
      'GET /api/services': { body: catalogue },
      'GET /api/system/order/overload': { body: { status: false } },
    });
    const { user, location } = renderApp('/');
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: EditorText.navLabel }));
    expect(location().pathname).toBe('/core');
    expect(await screen.findByRole('tab', { name: 'Face' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: EditorText.howToUse })).toHaveAttribute('href', '/how-to-use');
    await waitFor(() => expect(document.title).toBe(EditorText.documentTitle));
  });

  describe('sending checks, in the order of the specification', () => {
    it('sends a visitor to /login first, photo or not', async () => {
      const view = await openEditor({ loggedIn: false });
      expect(screen.queryByTestId('editor-balance')).not.toBeInTheDocument();
      await send(view);
      await waitFor(() => expect(view.location().pathname).toBe('/login'));
      expect(view.location().search).toBe('?redirect=/core');
    });

    it('asks for a photo before looking at the balance', async () => {
      const view = await openEditor({ balance: { main: 0, bonus: 0 } });
      await send(view);
      expect(await screen.findByText(OrderText.uploadPhotoFirst)).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('opens the insufficient-funds modal at a balance of 10, and its button the buy dialog', async () => {
      const view = await openEditor({
        balance: { main: 4, bonus: 6 },
        answers: { 'GET /api/products': { body: [] } },
      });
      await uploadPhoto(view);
      await view.user.click(serviceCard(/^Teeth whitening/));
      await send(view);

      const modal = await screen.findByRole('dialog', { name: EditorText.insufficientFundsTitle });
      expect(within(modal).getByText(OrderText.insufficientFunds)).toBeInTheDocument();
      await view.user.click(within(modal).getByRole('button', { name: EditorText.buyTokens }));
      expect(await screen.findByRole('dialog', { name: BuyTokensText.buyTokens })).toBeInTheDocument();
      await waitFor(() =>
        expect(
          screen.queryByRole('dialog', { name: EditorText.insufficientFundsTitle }),
        ).not.toBeInTheDocument(),
      );
    });

    it('asks for a service once the balance is above 10', async () => {
      const view = await openEditor({ balance: { main: 0, bonus: 11 } });
      await uploadPhoto(view);
      await send(view);
      expect(await screen.findByText(OrderText.noServices)).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('asks for the face photo a chosen service needs', async () => {
      const view = await openEditor();
      await uploadPhoto(view);
      await view.user.click(serviceCard(/^Face swap/));
      expect(screen.getByText(EditorText.facePhoto)).toBeInTheDocument();
      await send(view);
      expect(await screen.findByText(OrderText.faceImageRequired)).toBeInTheDocument();
    });
  });

  it('sends the order as multipart with its progress, then shows the history', async () => {
    const requests = stubXhr();
    const view = await openEditor({
      answers: { 'GET /api/orders/user/': { body: { orders: [], total: 0 } } },
    });
    await uploadPhoto(view);
    await view.user.click(screen.getByRole('button', { name: 'Click on the photo' }));
    expect(screen.getByRole('radio', { name: 'Person 1' })).toBeChecked();
    await view.user.click(serviceCard(/^Eyes/));
    await view.user.click(serviceCard(/^Whiten the whites/));
    await view.user.click(radioLabel('photo'));
    await view.user.click(serviceCard(/^Teeth whitening/));
    expect(screen.getByTestId('editor-cost')).toHaveTextContent('7');

    await send(view);
    const modal = within(await screen.findByRole('dialog', { name: EditorText.confirmTitle }));
    expect(modal.getByText(EditorText.confirmTotal(7))).toBeInTheDocument();
    expect(modal.getByText(EditorText.confirmTime(10 + 10 + 5 + 5))).toBeInTheDocument();
    await view.user.click(modal.getByRole('button', { name: EditorText.confirmSend }));

    await waitFor(() => expect(requests).toHaveLength(1));
    const xhr = requests[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/orders/create');
    expect(JSON.parse(xhr.form.get('data') as string)).toEqual({
      order: {
        persons: [
          { id: 'photo', orders: [{ id: 's-teeth', degreeAction: [], isOptional: false }] },
          {
            id: 'Person 1',
            orders: [
              { id: 's-eyes', degreeAction: ['d-medium'], isOptional: false },
              { id: 'o-whiten', degreeAction: [], isOptional: true },
            ],
          },
        ],
        message: '',
      },
    });
    expect((xhr.form.get('original') as File).name).toBe('me.jpg');
    expect((xhr.form.get('draft') as File).type).toBe('image/jpeg');
    expect(xhr.form.has('additional')).toBe(false);

    act(() => xhr.progress(30, 100));
    expect(await screen.findByTestId('send-progress')).toHaveTextContent('30%');
    // A second press while sending sends nothing more (the button now also reads 'loading').
    await view.user.click(modal.getByRole('button', { name: new RegExp(`${EditorText.confirmSend}$`) }));
    expect(requests).toHaveLength(1);

    const userInfoCalls = view.callsTo('GET', '/api/user/info').length;
    act(() => xhr.respond(201, { _id: 'o-1', cost: 7, executionTime: 40, condition: 0 }));
    await waitFor(() => expect(view.location().pathname).toBe('/history'));
    expect(view.callsTo('GET', '/api/user/info').length).toBeGreaterThan(userInfoCalls);
  });

  it("shows the server's refusal and stays in the editor", async () => {
    const requests = stubXhr();
    const view = await openEditor();
    await uploadPhoto(view);
    await view.user.click(serviceCard(/^Teeth whitening/));
    await send(view);
    const modal = within(await screen.findByRole('dialog', { name: EditorText.confirmTitle }));
    await view.user.click(modal.getByRole('button', { name: EditorText.confirmSend }));
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => requests[0]!.respond(400, { message: 'The file is not a supported image' }));

    expect(await screen.findByText('The file is not a supported image')).toBeInTheDocument();
    expect(view.location().pathname).toBe('/core');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: EditorText.confirmTitle })).not.toBeInTheDocument(),
    );
  });

  it('sends the comment, the chosen degree and the face photo', async () => {
    const requests = stubXhr();
    const view = await openEditor();
    await uploadPhoto(view);
    await view.user.click(serviceCard(/^Skin retouch/));
    await view.user.click(radioLabel('Strong'));
    await view.user.click(serviceCard(/^Face swap/));
    await view.user.type(screen.getByLabelText(EditorText.comment), 'Keep the freckles');
    await view.user.upload(fileInputIn('face-photo-upload'), imageFile('face.png', 'image/png'));
    expect(await screen.findByRole('img', { name: EditorText.facePhotoPreview })).toHaveAttribute(
      'width',
      '150',
    );

    await send(view);
    const modal = within(await screen.findByRole('dialog', { name: EditorText.confirmTitle }));
    await view.user.click(modal.getByRole('button', { name: EditorText.confirmSend }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const form = requests[0]!.form;
    expect(JSON.parse(form.get('data') as string)).toEqual({
      order: {
        persons: [
          {
            id: 'photo',
            orders: [
              { id: 's-skin', degreeAction: ['d-strong'], isOptional: false },
              { id: 's-swap', degreeAction: [], isOptional: false },
            ],
          },
        ],
        message: 'Keep the freckles',
      },
    });
    expect((form.get('additional') as File).name).toBe('face.png');
  });

  it('refuses a face photo larger than 2000 x 2000', async () => {
    class HugeImage extends DecodedImage {
      override set src(_url: string) {
        setTimeout(() => {
          this.naturalWidth = 2400;
          this.naturalHeight = 1600;
          this.onload?.();
        });
      }
    }
    const view = await openEditor();
    await view.user.click(serviceCard(/^Face swap/));
    vi.stubGlobal('Image', HugeImage);
    await view.user.upload(fileInputIn('face-photo-upload'), imageFile('face.png', 'image/png'));
    expect(await screen.findByText(OrderText.faceImageTooLarge)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: EditorText.facePhotoPreview })).not.toBeInTheDocument();
  });

  it('shows the comment box only while a chosen service allows a message', async () => {
    const view = await openEditor();
    await view.user.click(serviceCard(/^Teeth whitening/));
    expect(screen.queryByLabelText(EditorText.comment)).not.toBeInTheDocument();
    await view.user.click(serviceCard(/^Skin retouch/));
    expect(screen.getByLabelText(EditorText.comment)).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: EditorText.removeService('Skin retouch') }));
    expect(screen.queryByLabelText(EditorText.comment)).not.toBeInTheDocument();
  });

  it('marks chosen services and shows the options of the active person', async () => {
    const view = await openEditor();
    expect(screen.queryByRole('group', { name: EditorText.optionsOf('Eyes') })).not.toBeInTheDocument();
    await view.user.click(serviceCard(/^Eyes/));
    expect(serviceCard(/^Eyes/)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('radio', { name: 'Medium' })).toBeChecked();
    const options = within(screen.getByRole('group', { name: EditorText.optionsOf('Eyes') }));
    await view.user.click(options.getByRole('button', { name: /^Whiten the whites/ }));
    await view.user.click(options.getByRole('button', { name: /^Eye colour change/ }));
    expect(options.getByRole('button', { name: /^Eye colour change/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(options.getByRole('button', { name: /^Whiten the whites/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByTestId('editor-cost')).toHaveTextContent('6');
  });

  it('walks through the persons and deletes the active one', async () => {
    const view = await openEditor();
    await uploadPhoto(view);
    const canvas = screen.getByRole('button', { name: 'Click on the photo' });
    await view.user.click(canvas);
    await view.user.click(canvas);
    expect(screen.getByRole('radio', { name: 'Person 2' })).toBeChecked();
    await view.user.click(screen.getByRole('button', { name: EditorText.nextPerson }));
    expect(screen.getByRole('radio', { name: 'photo' })).toBeChecked();
    expect(screen.getByRole('button', { name: EditorText.deletePerson })).toBeDisabled();
    await view.user.click(screen.getByRole('button', { name: EditorText.previousPerson }));
    await view.user.click(screen.getByRole('button', { name: EditorText.previousPerson }));
    expect(screen.getByRole('radio', { name: 'Person 1' })).toBeChecked();
    await view.user.click(screen.getByRole('button', { name: EditorText.deletePerson }));
    expect(screen.queryByRole('radio', { name: 'Person 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Person 2' })).toBeChecked();
  });

  it('says so when the person limit is reached', async () => {
    const view = await openEditor();
    await uploadPhoto(view);
    const canvas = screen.getByRole('button', { name: 'Click on the photo' });
    for (let i = 0; i < 10; i += 1) await view.user.click(canvas);
    expect(await screen.findByText(OrderText.maxPersons)).toBeInTheDocument();
    expect(screen.getAllByRole('radio', { name: /^(photo|Person \d)$/ })).toHaveLength(10);
  });

  it('places the picture of an embed-type service with the next click on the photo', async () => {
    const view = await openEditor();
    await uploadPhoto(view);
    await view.user.click(screen.getByRole('tab', { name: 'Body' }));
    await view.user.click(serviceCard(/^Object removal/));
    expect(screen.getByText(EditorText.placeEmbed('Object removal'))).toBeInTheDocument();
    expect(serviceCard(/^Object removal/)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('editor-cost')).toHaveTextContent('0');

    await view.user.click(screen.getByRole('button', { name: 'Click on the photo' }));
    expect(screen.queryByText(EditorText.placeEmbed('Object removal'))).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: EditorText.removeService('Object removal') }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('editor-cost')).toHaveTextContent('4');
    // The click placed the picture; it marked no person.
    expect(screen.getAllByRole('radio', { name: /^(photo|Person \d)$/ })).toHaveLength(1);
  });

  it('starts the countdown again from the new minutes when the services change', async () => {
    const view = await openEditor();
    const countdown = (minutes: number) => {
      const [full, justUnder] = [minutes, minutes - 1].map((m) => String(m).padStart(2, '0'));
      return new RegExp(`^00:(${full}:00|${justUnder}:5\\d)$`);
    };
    expect(screen.getByText(countdown(10))).toBeInTheDocument();
    await view.user.click(serviceCard(/^Teeth whitening/));
    expect(await screen.findByText(countdown(15))).toBeInTheDocument();
    await view.user.click(serviceCard(/^Teeth whitening/));
    expect(await screen.findByText(countdown(10))).toBeInTheDocument();
  });

  it('puts the two main buttons full width on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 900px)' || query === '(max-width: 500px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }));
    await openEditor({ loggedIn: false });
    expect(screen.getByRole('button', { name: EditorText.send })).toHaveClass('ant-btn-block');
    expect(screen.getByRole('button', { name: EditorText.goToHistory })).toHaveClass('ant-btn-block');
  });

  it('keeps the buttons their own width on a wide screen', async () => {
    await openEditor({ loggedIn: false });
    expect(screen.getByRole('button', { name: EditorText.send })).not.toHaveClass('ant-btn-block');
  });

  it('warns when the system is overloaded, and only then', async () => {
    await openEditor({ overloaded: true });
    expect(await screen.findByText(OrderText.overloaded)).toBeInTheDocument();
  });

  it('shows no warning when the system is not overloaded', async () => {
    const { callsTo } = await openEditor({ overloaded: false });
    await waitFor(() => expect(callsTo('GET', '/api/system/order/overload')).toHaveLength(1));
    expect(screen.queryByText(OrderText.overloaded)).not.toBeInTheDocument();
  });

  it('shows the cookie notice until AGREE, and remembers it', async () => {
    const view = await openEditor();
    const notice = screen.getByRole('region', { name: EditorText.cookieNotice });
    expect(within(notice).getByText(EditorText.cookieText)).toBeInTheDocument();
    await view.user.click(within(notice).getByRole('button', { name: EditorText.agree }));
    expect(screen.queryByRole('region', { name: EditorText.cookieNotice })).not.toBeInTheDocument();
    view.unmount();

    await openEditor();
    expect(screen.queryByRole('region', { name: EditorText.cookieNotice })).not.toBeInTheDocument();
  });

  it('offers a retry when the catalogue cannot be loaded', async () => {
    let answers = 0;
    const view = await openEditor({
      answers: {
        'GET /api/services': () =>
          (answers += 1) === 1
            ? { status: 500, body: { message: 'Internal server error' } }
            : { body: catalogue },
      },
    });
    await view.user.click(await screen.findByRole('button', { name: CustomerText.tryAgain }));
    expect(await screen.findByRole('tab', { name: 'Face' })).toBeInTheDocument();
  });

  it('says so when there are no services', async () => {
    await openEditor({ groups: [{ ...bodyGroup, list: [] }] });
    expect(await screen.findByText(EditorText.empty)).toBeInTheDocument();
  });

  it('shows a skeleton while the catalogue loads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderApp('/core');
    expect(await screen.findByLabelText(EditorText.loading)).toHaveAttribute('aria-busy', 'true');
  });
});
