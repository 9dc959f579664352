import {
  type CabinetSnapshot,
  DispatchText,
  type StaffOrder,
  type StaffProcessingStep,
} from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import {
  MAX_REVIEW_COMMENT,
  ReviewText,
  ServicesEditedText,
  designerRefusedMessage,
} from '@retouch/shared/review';
import { AdminText, CustomerText } from '@retouch/shared/texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StaffOrderText } from '@/components/staff-order/texts';
import { ModeratorText } from '@/features/moderator-workplace/texts';
import { DEFAULT_BRUSH_COLOR } from '@/features/moderator-workplace/utils/drawing';
import { setSessionFlags } from '@/lib/session/session-flags';
import { FakeSocket } from '@/test/fake-socket';
import { stubXhr } from '@/test/fake-xhr';
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

// The drawing stage is the stand-in every web test has (test/setup.ts, moderator-workplace/test).

const moderator = aUser({ email: 'moderator@retouch.local', role: { title: 'Moderator' }, isAdmin: true });
const moderatorPermissions = [0, 5, 6].map((sign) => ({ sign, status: true }));
const RESULT = '/api/files/result.png';

function aStep(result: NonNullable<StaffProcessingStep['executor']>['result']): StaffProcessingStep {
  return {
    _id: 'step-1',
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    executor: {
      _id: 'designer-1',
      email: 'designer@retouch.local',
      dateStart: new Date(Date.now() - 60_000).toISOString(),
      dateEnd: new Date().toISOString(),
      timeExtension: false,
      result,
    },
    client: null,
    review: {
      _id: moderator._id,
      email: moderator.email,
      dateStart: new Date().toISOString(),
      dateEnd: null,
      result: { status: null, picture: null, message: null },
    },
  };
}

function anOrder(overrides: Partial<StaffOrder> = {}): StaffOrder {
  const step = aStep({ status: 1, picture: RESULT, reason: null });
  return {
    _id: 'order-1',
    condition: OrderCondition.resultReview,
    createdAt: '2026-11-01T10:00:00.000Z',
    cost: 12,
    tip: 0,
    executionTime: 60,
    dateStart: new Date(Date.now() - 60_000).toISOString(),
    message: 'Оставьте веснушки',
    client: { _id: 'client-1', email: 'ann@example.com', name: { giveName: 'Ann', familyName: 'Lee' } },
    pictures: {
      original: '/api/files/original.jpg',
      thumbnail: '/api/files/original-thumb.jpg',
      draft: '/api/files/draft.jpg',
      additional: null,
    },
    finalPicture: null,
    completed: { picture: null },
    refuseReason: null,
    finance: { costForExecutor: 7 },
    persons: [
      {
        id: 'Person 1',
        orders: [
          {
            _id: 'skin',
            ref: 'skin',
            serviceId: 'skin',
            isOptional: false,
            title: { admin: 'Ретушь кожи', user: 'Skin retouch' },
            description: { admin: 'Убрать дефекты', user: 'Remove blemishes' },
            instruction: 'Сохранить текстуру кожи',
            picture: '/api/files/skin.webp',
            degreeAction: [{ _id: 'strong', title: { admin: 'Сильно', user: 'Strong' } }],
            cost: 10,
            designerPrice: 4,
            active: true,
            edited: false,
          },
          {
            _id: 'earrings',
            ref: 'earrings',
            serviceId: 'skin',
            isOptional: true,
            title: { admin: 'Серьги', user: 'Earrings' },
            description: { admin: 'Добавить серьги', user: 'Add earrings' },
            instruction: '',
            picture: '/api/files/earrings.webp',
            degreeAction: [],
            cost: 2,
            designerPrice: 3,
            active: false,
            edited: true,
          },
        ],
      },
    ],
    processing: [step],
    currentProcessing: step,
    ...overrides,
  };
}

function aRefusal(): StaffOrder {
  const step = aStep({
    status: 0,
    picture: null,
    reason: { title: { admin: 'Размытое фото', user: 'Blurry photo' } },
  });
  return anOrder({
    condition: OrderCondition.refusalReview,
    processing: [step],
    currentProcessing: step,
  });
}

// The shared fake socket only records listeners; the workplace also emits, so every fake gets a spy.
const emitted = vi.fn();

beforeAll(async () => {
  Object.assign(FakeSocket.prototype, { emit: emitted });
  await import('@/pages/admin/admin-area');
  await import('@/pages/admin/moder-page');
});

afterAll(() => {
  delete (FakeSocket.prototype as { emit?: unknown }).emit;
});

beforeEach(() => emitted.mockClear());

async function openWorkplace(
  answers: Parameters<typeof mockFetch>[0] = {},
  { path = '/admin/moder', permissions = moderatorPermissions } = {},
) {
  setSessionFlags({ isAdmin: true });
  const api = mockFetch({
    'GET /api/user/info': { body: moderator },
    'GET /api/admin/permissions/user': { body: permissions },
    'GET /api/executor/state': { body: OFF_SHIFT_CABINET },
    'GET /api/executor/shift': { status: 404, body: { message: DispatchText.noShift } },
    ...answers,
  });
  const view = renderApp(path, {
    userEventOptions: { delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never },
  });
  if (path === '/admin/moder') {
    await screen.findByRole('button', { name: ModeratorText.goOnDuty });
  }
  return { ...view, ...api };
}

const liveSocket = () => {
  const socket = FakeSocket.created.at(-1);
  if (!socket) throw new Error('No socket was opened');
  return socket;
};
/** Text queries of what the screen shows, apart from what its live region says to screen readers. */
const onScreen = { ignore: 'script, style, [aria-live]' };

const serverSends = (event: string, payload?: unknown) => act(() => liveSocket().serverEmit(event, payload));

async function receiveOrder(order = anOrder()) {
  serverSends('order for review', order);
  await screen.findByText(ModeratorText.decision);
  return order;
}

/** The antd notification whose title is `title`. */
async function findNotification(title: string) {
  const titles = await screen.findAllByText(title, { selector: '.ant-notification-notice-title' });
  return within(titles.at(-1)!.closest<HTMLElement>('.ant-notification-notice')!);
}

const statistic = (title: string) => screen.getByText(title).closest<HTMLElement>('.ant-statistic')!;

describe('moderator menu', () => {
  it('leads a staff member with cabinetDesigner to the moderator workplace', async () => {
    const { user, location } = await openWorkplace({}, { path: '/admin' });
    await user.click(await screen.findByRole('link', { name: AdminText.menuModerator }));
    expect(location().pathname).toBe('/admin/moder');
    expect(await screen.findByRole('button', { name: ModeratorText.goOnDuty })).toBeInTheDocument();
  });

  it('says that reviewing needs the moderator cabinet and keeps going on duty disabled without it', async () => {
    await openWorkplace({}, { permissions: [0, 5].map((sign) => ({ sign, status: true })) });
    expect(await screen.findByText(ReviewText.noCabinet)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: ModeratorText.goOnDuty })).toBeDisabled());
  });
});

describe('/admin/moder on duty', () => {
  it('goes on duty with `review find` true and cancels the search with false', async () => {
    const { user } = await openWorkplace();
    await user.click(screen.getByRole('button', { name: ModeratorText.goOnDuty }));
    expect(emitted).toHaveBeenCalledWith('review find', true);
    expect(screen.getByText(ModeratorText.searching)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ModeratorText.cancelSearch }));
    expect(emitted).toHaveBeenLastCalledWith('review find', false);
    expect(screen.getByRole('button', { name: ModeratorText.goOnDuty })).toBeInTheDocument();
  });

  it('searches again after a reconnect, as the server drops a searcher whose socket closed', async () => {
    const { user } = await openWorkplace();
    await user.click(screen.getByRole('button', { name: ModeratorText.goOnDuty }));
    emitted.mockClear();
    serverSends('connect');
    expect(emitted).toHaveBeenCalledWith('review find', true);
  });

  it("shows a refused search once, in a notification titled 'Ошибка', and goes back to idle", async () => {
    const { user } = await openWorkplace();
    await user.click(screen.getByRole('button', { name: ModeratorText.goOnDuty }));
    serverSends('errors', { status: 403, message: ReviewText.noCabinet });

    const notice = await findNotification(AdminText.error);
    expect(notice.getByText(ReviewText.noCabinet)).toBeInTheDocument();
    expect(screen.getAllByText(ReviewText.noCabinet, onScreen)).toHaveLength(1);
    expect(screen.queryByText(CustomerText.error)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: ModeratorText.goOnDuty })).toBeInTheDocument();
  });

  it('asks for its rate again after a reconnect (broadcasts sent in the gap are lost)', async () => {
    await openWorkplace();
    expect(emitted).toHaveBeenCalledWith('review rate', true);
    serverSends('connect');
    emitted.mockClear();
    serverSends('connect');
    expect(emitted).toHaveBeenCalledWith('review rate', true);
  });

  it('asks for its rate on arrival with `review rate` true and shows the queue size', async () => {
    await openWorkplace();
    expect(emitted).toHaveBeenCalledWith('review rate', true);
    serverSends('review rate', { size: 4 });
    await waitFor(() => expect(statistic(ModeratorText.queueSize)).toHaveTextContent('4'));
  });
});

describe('/admin/moder a result to check (condition 2)', () => {
  it('shows the persons, services, date dd.mm.yyyy, total, rate, pictures, history and the time left', async () => {
    const { user } = await openWorkplace();
    await user.click(screen.getByRole('button', { name: ModeratorText.goOnDuty }));
    await receiveOrder();
    serverSends('review rate', { size: 3 });

    expect(await screen.findByText(ModeratorText.orderArrived, onScreen)).toBeInTheDocument();
    const person = within(screen.getByRole('region', { name: 'Person 1' }));
    expect(person.getByText('Ретушь кожи')).toBeInTheDocument();
    expect(person.getByText(/Сохранить текстуру кожи/)).toBeInTheDocument();
    expect(person.getByText('Сильно')).toBeInTheDocument();
    expect(person.getByText('Серьги')).toBeInTheDocument();
    expect(person.getByText(StaffOrderText.edited)).toBeInTheDocument();
    expect(person.getByText(StaffOrderText.inactive)).toBeInTheDocument();

    expect(statistic(ModeratorText.createdAt)).toHaveTextContent('01.11.2026');
    expect(statistic(ModeratorText.total)).toHaveTextContent('12');
    expect(statistic(ModeratorText.total)).toHaveTextContent(/^Сумма заказа.*токен/);
    await waitFor(() => expect(statistic(ModeratorText.queueSize)).toHaveTextContent('3'));
    // 60 minutes, 1 gone, 10 kept back as for the designer.
    await waitFor(() => expect(statistic(ModeratorText.timeLeft)).toHaveTextContent(/00:4[89]:\d\d/));

    // The back office is in Russian; the customer's compare says Before and After.
    expect(screen.getByRole('img', { name: 'До' })).toHaveAttribute('src', '/api/files/original.jpg');
    expect(screen.getByRole('img', { name: 'После' })).toHaveAttribute('src', RESULT);
    expect(screen.getByRole('img', { name: ModeratorText.draft })).toHaveAttribute(
      'src',
      '/api/files/draft.jpg',
    );
    const history = within(screen.getByRole('table'));
    expect(history.getByText('designer@retouch.local')).toBeInTheDocument();
    expect(history.getByText(StaffOrderText.resultCompleted)).toBeInTheDocument();
    expect(history.getByText(StaffOrderText.reviewPending)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ModeratorText.notAgree })).not.toBeInTheDocument();
  });

  it('approves: posts completed/resolve, shows the message, clears the order and searches again', async () => {
    const { user, callsTo } = await openWorkplace({
      'POST /api/admin/orders/review/completed/resolve': { body: { message: ReviewText.approved } },
    });
    await receiveOrder();
    emitted.mockClear();
    await user.click(screen.getByRole('button', { name: ModeratorText.approve }));

    expect(await screen.findByText(ReviewText.approved)).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/orders/review/completed/resolve')).toHaveLength(1);
    expect(emitted).toHaveBeenCalledWith('review find', true);
    expect(screen.getByText(ModeratorText.searching)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Person 1' })).not.toBeInTheDocument();
  });

  it("shows a refused decision in a notification titled 'Ошибка' and keeps the order", async () => {
    const { user } = await openWorkplace({
      'POST /api/admin/orders/review/completed/resolve': {
        status: 409,
        body: { message: ReviewText.noOrderInReview },
      },
    });
    await receiveOrder();
    emitted.mockClear();
    await user.click(screen.getByRole('button', { name: ModeratorText.approve }));

    const notice = await findNotification(AdminText.error);
    expect(notice.getByText(ReviewText.noOrderInReview)).toBeInTheDocument();
    expect(emitted).not.toHaveBeenCalled();
    expect(screen.getByRole('region', { name: 'Person 1' })).toBeInTheDocument();
  });

  it('draws on the result in blue by default, keeps the strokes on a click beside it and undoes the last one', async () => {
    const { user } = await openWorkplace();
    await receiveOrder();
    await user.click(screen.getByRole('button', { name: ModeratorText.fix }));

    const editor = within(await screen.findByRole('dialog'));
    expect(editor.getByText(`Drawing on ${RESULT}`)).toBeInTheDocument();
    const undo = editor.getByRole('button', { name: ModeratorText.undo });
    expect(undo).toBeDisabled();
    await user.click(editor.getByRole('button', { name: 'Draw a stroke' }));
    await user.click(editor.getByRole('button', { name: 'Draw a stroke' }));
    expect(editor.getByText(`Strokes: ${DEFAULT_BRUSH_COLOR}, ${DEFAULT_BRUSH_COLOR}`)).toBeInTheDocument();

    // A click beside the editor keeps it open with its strokes.
    await user.click(document.querySelector('.ant-modal-wrap')!);
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(editor.getByText(`Strokes: ${DEFAULT_BRUSH_COLOR}, ${DEFAULT_BRUSH_COLOR}`)).toBeInTheDocument();

    await user.click(undo);
    expect(editor.getByText(`Strokes: ${DEFAULT_BRUSH_COLOR}`)).toBeInTheDocument();
    await user.click(undo);
    expect(editor.getByText('Strokes: none')).toBeInTheDocument();
  });

  it(`refuses a comment longer than ${MAX_REVIEW_COMMENT} characters before sending`, async () => {
    const requests = stubXhr();
    const { user } = await openWorkplace();
    await receiveOrder();
    await user.click(screen.getByRole('button', { name: ModeratorText.fix }));
    await user.click(await screen.findByLabelText(ModeratorText.comment));
    await user.paste('a'.repeat(MAX_REVIEW_COMMENT + 1));
    await user.click(screen.getByRole('button', { name: ModeratorText.send }));

    const notice = await findNotification(AdminText.error);
    expect(notice.getByText(ReviewText.messageTooLong)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('fixes: sends the marked-up picture and the comment as multipart, then searches again', async () => {
    const requests = stubXhr();
    const { user } = await openWorkplace();
    await receiveOrder();
    await user.click(screen.getByRole('button', { name: ModeratorText.fix }));
    await user.click(await screen.findByLabelText(ModeratorText.comment));
    await user.paste('  Смягчите тени ');
    emitted.mockClear();
    await user.click(screen.getByRole('button', { name: ModeratorText.send }));

    await waitFor(() => expect(requests).toHaveLength(1));
    const xhr = requests[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/admin/orders/review/completed/rejection');
    const image = xhr.form.get('image') as File;
    expect(image.type).toBe('image/png');
    expect(image.name).toBe('review.png');
    expect(await image.text()).toBe('marked-up');
    expect(JSON.parse(xhr.form.get('data') as string)).toEqual({ message: 'Смягчите тени' });
    act(() => xhr.progress(50, 100));
    expect(await screen.findByText('50%')).toBeInTheDocument();

    act(() => xhr.respond(200, { message: ReviewText.sentBack }));
    expect(await screen.findByText(ReviewText.sentBack)).toBeInTheDocument();
    expect(emitted).toHaveBeenCalledWith('review find', true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(ModeratorText.searching)).toBeInTheDocument();
  });

  it('stops reviewing with `review find` false and clears the order', async () => {
    const { user } = await openWorkplace();
    await receiveOrder();
    emitted.mockClear();
    await user.click(screen.getByRole('button', { name: ModeratorText.stopReviewing }));

    expect(emitted).toHaveBeenCalledWith('review find', false);
    expect(emitted).not.toHaveBeenCalledWith('review find', true);
    expect(screen.queryByRole('region', { name: 'Person 1' })).not.toBeInTheDocument();
    expect(screen.queryByText(ModeratorText.decision)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: ModeratorText.goOnDuty })).toBeInTheDocument();
  });
});

describe('/admin/moder an order whose services the designer changed (issue 35)', () => {
  const counted = (id: string, admin: string, designerPrice: number) => ({
    _id: id,
    serviceId: id,
    isOptional: false,
    title: { admin, user: admin },
    degreeAction: [],
    designerPrice,
  });
  const servicesEdited = {
    asSent: {
      pay: 7,
      persons: [{ id: 'Person 1', services: [counted('tattoo', 'Удаление татуировки', 7)] }],
    },
    now: { pay: 4, persons: [{ id: 'Person 1', services: [counted('skin', 'Ретушь кожи', 4)] }] },
  };

  it('marks the change: the services as sent against now, and the pay as sent against now', async () => {
    await openWorkplace();
    await receiveOrder(anOrder({ servicesEdited, finance: { costForExecutor: 4 } }));

    const change = within(screen.getByRole('region', { name: ServicesEditedText.title }));
    expect(change.getByText(ServicesEditedText.title)).toBeInTheDocument();
    const asSent = within(change.getByRole('region', { name: ServicesEditedText.asSent }));
    expect(asSent.getByText('Удаление татуировки')).toBeInTheDocument();
    expect(asSent.getByText(ServicesEditedText.removed)).toBeInTheDocument();
    expect(asSent.queryByText('Ретушь кожи')).not.toBeInTheDocument();
    const now = within(change.getByRole('region', { name: ServicesEditedText.now }));
    expect(now.getByText('Ретушь кожи')).toBeInTheDocument();
    expect(now.getByText(ServicesEditedText.added)).toBeInTheDocument();
    expect(change.getByText(ServicesEditedText.payChange(7, 4))).toBeInTheDocument();
    expect(change.getByText('7 → 4 (−3)')).toBeInTheDocument();
  });

  it('shows the change on a refusal to check too, and nothing for an order nobody changed', async () => {
    await openWorkplace();
    await receiveOrder(anOrder({ ...aRefusal(), servicesEdited }));
    expect(screen.getByRole('region', { name: ServicesEditedText.title })).toBeInTheDocument();

    serverSends('order for review', anOrder({ _id: 'order-2', servicesEdited: null }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: ServicesEditedText.title })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText(ServicesEditedText.title)).not.toBeInTheDocument();
  });
});

describe('/admin/moder a designer refusal to check (condition 3)', () => {
  it('shows the refusal reason and agrees with it through refuse/resolve', async () => {
    const { user, callsTo } = await openWorkplace({
      'POST /api/admin/orders/review/refuse/resolve': { body: { message: ReviewText.refusalAccepted } },
    });
    await receiveOrder(aRefusal());

    expect(screen.getByText(designerRefusedMessage('Размытое фото'))).toBeInTheDocument();
    expect(screen.getByText('The designer refused the order for reason: Размытое фото')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ModeratorText.fix })).not.toBeInTheDocument();
    emitted.mockClear();
    await user.click(screen.getByRole('button', { name: ModeratorText.approve }));

    expect(await screen.findByText(ReviewText.refusalAccepted)).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/orders/review/refuse/resolve')).toHaveLength(1);
    expect(callsTo('POST', '/api/admin/orders/review/refuse/rejection')).toHaveLength(0);
    expect(emitted).toHaveBeenCalledWith('review find', true);
    expect(screen.queryByText(designerRefusedMessage('Размытое фото'))).not.toBeInTheDocument();
  });

  it('does not agree through refuse/rejection, then searches again', async () => {
    const { user, callsTo } = await openWorkplace({
      'POST /api/admin/orders/review/refuse/rejection': { body: { message: ReviewText.refusalRejected } },
    });
    await receiveOrder(aRefusal());
    emitted.mockClear();
    await user.click(screen.getByRole('button', { name: ModeratorText.notAgree }));

    expect(await screen.findByText(ReviewText.refusalRejected)).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/orders/review/refuse/rejection')).toHaveLength(1);
    expect(callsTo('POST', '/api/admin/orders/review/refuse/resolve')).toHaveLength(0);
    expect(emitted).toHaveBeenCalledWith('review find', true);
    expect(screen.getByText(ModeratorText.searching)).toBeInTheDocument();
  });
});
