import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { StaffOrder } from '@retouch/shared/dispatch';
import { OrderEntryText } from '@retouch/shared/order-entries';
import { OrderCondition } from '@retouch/shared/orders';
import {
  MAX_PERSON_PROFILES,
  PersonProfileText,
  type PersonProfile,
  type PersonProfileInput,
} from '@retouch/shared/person-profiles';
import { SocketEvent } from '@retouch/shared/realtime';
import { ServerText } from '@retouch/shared/texts';
import { RoleTitle } from '@retouch/shared/permissions';
import { dispatchWaiters, orderPersons, orders, personProfiles, shifts } from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { imageForm, signUpCustomer } from '../../../test/fixtures';
import { serverWithFailingStorage } from '../../../test/failing-storage';
import { adminClient } from '../../../test/catalog-fixtures';
import { catalogServices, connectedSocket, createStaff, nextEvent } from '../../../test/staff-fixtures';
import { findLedgerMismatches } from '../ledger/ledger.repository';

const PATH = '/api/user/person-profiles';

let t: TestApp;
let service: Awaited<ReturnType<typeof catalogServices>>;

beforeAll(async () => {
  t = await createTestApp();
  service = await catalogServices(t);
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.db)).toEqual([]);
  await t.close();
});

const anna = (): PersonProfileInput => ({
  name: 'Anna',
  notes: 'She likes a natural look',
  checklist: ['Keep the freckles', 'No body reshaping'],
  services: [{ id: service('Skin retouch')._id }],
});

const put = (client: TestClient, id: string, body: unknown) => client.request('PUT', `${PATH}/${id}`, body);

async function created(client: TestClient, body: PersonProfileInput = anna()): Promise<PersonProfile> {
  const answer = await client.post(PATH, body);
  expect(answer.status).toBe(201);
  return answer.body as PersonProfile;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 90, b: 60 } } })
    .png()
    .toBuffer();

async function orderForm(persons: Array<{ id: string; orders: Array<{ id: string }>; profileId?: string }>) {
  return imageForm(
    { data: JSON.stringify({ order: { persons, message: '' } }) },
    {
      original: { data: await png(64, 48), name: 'photo.png', type: 'image/png' },
      draft: { data: await png(70, 40), name: 'draft.png', type: 'image/png' },
    },
  );
}

describe('the profiles of a customer', () => {
  it('are created, listed by name, changed and deleted', async () => {
    const { client } = await signUpCustomer(t);
    expect((await client.get(PATH)).body).toEqual({ profiles: [], max: MAX_PERSON_PROFILES });

    const skin = service('Skin retouch');
    const light = skin.degreeAction.at(-1)!._id;
    const profile = await created(client, {
      ...anna(),
      name: '  Anna ',
      services: [{ id: skin._id, degreeAction: [light] }],
    });
    expect(profile).toMatchObject({
      name: 'Anna',
      notes: 'She likes a natural look',
      checklist: ['Keep the freckles', 'No body reshaping'],
      services: [{ id: skin._id, isOptional: false, degreeAction: [light] }],
    });
    await created(client, { name: 'Ben' });
    const listed = (await client.get(PATH)).body as { profiles: PersonProfile[] };
    expect(listed.profiles.map((p) => p.name)).toEqual(['Anna', 'Ben']);

    const changed = await put(client, profile._id, { name: 'Anna K.', notes: '', checklist: ['Soft light'] });
    expect(changed).toMatchObject({
      status: 200,
      body: { _id: profile._id, name: 'Anna K.', notes: '', checklist: ['Soft light'], services: [] },
    });

    expect((await client.delete(`${PATH}/${profile._id}`)).status).toBe(204);
    expect(
      ((await client.get(PATH)).body as { profiles: PersonProfile[] }).profiles.map((p) => p.name),
    ).toEqual(['Ben']);
    expect((await client.delete(`${PATH}/${profile._id}`)).status).toBe(404);
  });

  it('need a session', async () => {
    const visitor = t.client();
    for (const answer of [
      await visitor.get(PATH),
      await visitor.post(PATH, anna()),
      await put(visitor, crypto.randomUUID(), anna()),
      await visitor.delete(`${PATH}/${crypto.randomUUID()}`),
    ]) {
      expect(answer).toMatchObject({ status: 401, body: { message: ServerText.notAuthenticated } });
    }
  });

  it("are never another customer's to read, change or delete (404)", async () => {
    const ann = await signUpCustomer(t);
    const bob = await signUpCustomer(t);
    const profile = await created(ann.client);

    expect((await bob.client.get(PATH)).body.profiles).toEqual([]);
    expect(await put(bob.client, profile._id, { name: 'Mine now' })).toMatchObject({
      status: 404,
      body: { message: PersonProfileText.notFound },
    });
    expect((await bob.client.delete(`${PATH}/${profile._id}`)).status).toBe(404);
    expect((await put(bob.client, 'not-an-id', { name: 'x' })).status).toBe(404);
    const [kept] = (await ann.client.get(PATH)).body.profiles as PersonProfile[];
    expect(kept).toEqual(profile);
  });

  it.each([
    ['no name', { notes: 'x' }, PersonProfileText.nameRequired],
    ['a blank name', { name: '   ' }, PersonProfileText.nameRequired],
    ['a name of 41 characters', { name: 'A'.repeat(41) }, PersonProfileText.nameTooLong],
    ['notes of 501 characters', { name: 'A', notes: 'n'.repeat(501) }, PersonProfileText.notesTooLong],
    [
      'eleven checklist items',
      { name: 'A', checklist: Array.from({ length: 11 }, (_, i) => `item ${i}`) },
      PersonProfileText.checklistTooLong,
    ],
    ['an empty checklist item', { name: 'A', checklist: ['ok', ' '] }, PersonProfileText.checklistItemEmpty],
    [
      'a checklist item of 81 characters',
      { name: 'A', checklist: ['c'.repeat(81)] },
      PersonProfileText.checklistItemTooLong,
    ],
    [
      'a service id that is no id',
      { name: 'A', services: [{ id: 'skin' }] },
      PersonProfileText.serviceInvalid,
    ],
    [
      'a service not in the catalogue',
      { name: 'A', services: [{ id: crypto.randomUUID() }] },
      OrderEntryText.serviceUnavailable,
    ],
  ])('refuse %s with 400 and a clear message', async (_, body, message) => {
    const { client } = await signUpCustomer(t);
    expect(await client.post(PATH, body)).toMatchObject({ status: 400, body: { message } });
    expect((await client.get(PATH)).body.profiles).toEqual([]);
  });

  it('refuse a default option without its service, and a degree the service does not offer', async () => {
    const { client } = await signUpCustomer(t);
    const eyes = service('Eyes');
    const option = eyes.optional[0]!;
    expect(
      await client.post(PATH, { name: 'A', services: [{ id: option._id, isOptional: true }] }),
    ).toMatchObject({
      status: 400,
      body: { message: OrderEntryText.optionWithoutService },
    });
    const skin = service('Skin retouch');
    expect(
      await client.post(PATH, {
        name: 'A',
        services: [{ id: skin._id, degreeAction: [crypto.randomUUID()] }],
      }),
    ).toMatchObject({ status: 400, body: { message: OrderEntryText.degreeNotAllowed } });
    // A service without degrees keeps none, whatever was sent; one with degrees gets its default.
    const teeth = service('Teeth whitening');
    const normalised = await created(client, {
      name: 'B',
      services: [{ id: teeth._id, degreeAction: [crypto.randomUUID()] }, { id: skin._id }],
    });
    expect(normalised.services).toEqual([
      { id: teeth._id, isOptional: false, degreeAction: [] },
      { id: skin._id, isOptional: false, degreeAction: [skin.degreeAction.find((d) => d.default)!._id] },
    ]);
    const withOption = await client.post(PATH, {
      name: 'A',
      services: [{ id: eyes._id }, { id: option._id, isOptional: true }],
    });
    expect(withOption.status).toBe(201);
  });

  it('keep one profile of a name, whatever its case, also when two are added at once', async () => {
    const { client } = await signUpCustomer(t);
    const answers = await Promise.all([
      client.post(PATH, { name: 'Anna' }),
      client.post(PATH, { name: 'anna' }),
      client.post(PATH, { name: 'ANNA' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toEqual({ message: PersonProfileText.nameTaken });
    const ben = await created(client, { name: 'Ben' });
    expect(await put(client, ben._id, { name: 'ANNA' })).toMatchObject({
      status: 409,
      body: { message: PersonProfileText.nameTaken },
    });
    // Renaming a profile to its own name in another case is no clash.
    expect((await put(client, ben._id, { name: 'BEN' })).status).toBe(200);
  });

  it(`stop at ${MAX_PERSON_PROFILES}, also when many are added at once`, async () => {
    const { client, user } = await signUpCustomer(t);
    const answers = await Promise.all(
      Array.from({ length: MAX_PERSON_PROFILES + 5 }, (_, i) => client.post(PATH, { name: `Person ${i}` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX_PERSON_PROFILES);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(5);
    for (const answer of refused)
      expect(answer).toMatchObject({ status: 409, body: { message: PersonProfileText.tooMany } });
    const rows = await t.db.select().from(personProfiles).where(eq(personProfiles.userId, user._id));
    expect(rows).toHaveLength(MAX_PERSON_PROFILES);

    // Deleting one makes room for one.
    expect((await client.delete(`${PATH}/${rows[0]!.id}`)).status).toBe(204);
    expect((await client.post(PATH, { name: 'One more' })).status).toBe(201);
    expect((await client.post(PATH, { name: 'Too many' })).status).toBe(409);
  });
});

describe('the rate limit of the profiles', () => {
  it('counts writes per customer', async () => {
    const limited = await createTestApp({ PERSON_PROFILE_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const ann = await signUpCustomer(limited);
      const bob = await signUpCustomer(limited);
      expect((await ann.client.post(PATH, { name: 'A' })).status).toBe(201);
      expect((await ann.client.post(PATH, { name: 'B' })).status).toBe(201);
      expect((await ann.client.post(PATH, { name: 'C' })).status).toBe(429);
      // Another customer (from the same address) has a budget of their own.
      expect((await bob.client.post(PATH, { name: 'A' })).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('an order sent with a profile applied to a person', () => {
  it('keeps a copy of the profile per person, which later edits and deletion do not change', async () => {
    const { client } = await signUpCustomer(t);
    const profile = await created(client);
    const teeth = service('Teeth whitening');
    const answer = await client.post(
      '/api/orders/create',
      await orderForm([
        { id: 'photo', orders: [{ id: teeth._id }] },
        { id: 'Person 1', orders: [{ id: teeth._id }], profileId: profile._id },
      ]),
    );
    expect(answer.status).toBe(201);
    const orderId = answer.body._id as string;
    const snapshot = {
      name: 'Anna',
      notes: 'She likes a natural look',
      checklist: ['Keep the freckles', 'No body reshaping'],
    };

    const admin = await adminClient(t);
    const staffView = async () => (await admin.get(`/api/admin/orders/order/${orderId}`)).body as StaffOrder;
    expect((await staffView()).persons).toMatchObject([
      { id: 'photo', profile: null },
      { id: 'Person 1', profile: snapshot },
    ]);
    const history = (await client.get(`/api/orders/order/${orderId}`)).body;
    expect(history.persons[0]).not.toHaveProperty('profile');
    expect(history.persons[1].profile).toEqual(snapshot);
    const page = (await client.get('/api/orders/user/')).body;
    expect(page.orders[0].persons[1].profile).toEqual(snapshot);

    expect((await put(client, profile._id, { name: 'Anna B.', checklist: ['Strong'] })).status).toBe(200);
    expect((await staffView()).persons[1]!.profile).toEqual(snapshot);
    expect((await client.delete(`${PATH}/${profile._id}`)).status).toBe(204);
    expect((await staffView()).persons[1]!.profile).toEqual(snapshot);
    expect((await client.get(`/api/orders/order/${orderId}`)).body.persons[1].profile).toEqual(snapshot);
  });

  it("refuses an unknown or another customer's profile before anything is charged", async () => {
    const ann = await signUpCustomer(t);
    const bob = await signUpCustomer(t);
    const bobs = await created(bob.client);
    const teeth = service('Teeth whitening');
    for (const profileId of [bobs._id, crypto.randomUUID(), 'not-an-id']) {
      const answer = await ann.client.post(
        '/api/orders/create',
        await orderForm([{ id: 'photo', orders: [{ id: teeth._id }], profileId }]),
      );
      expect(answer).toMatchObject({
        status: 400,
        body: { message: PersonProfileText.orderProfileNotFound },
      });
    }
    expect((await ann.client.get('/api/user/info')).body.balance).toEqual({ main: 0, bonus: 20 });
    expect(await t.db.select().from(orders).where(eq(orders.userId, ann.user._id))).toEqual([]);
  });

  it('without a profile is sent as before (an older client)', async () => {
    const { client } = await signUpCustomer(t);
    const answer = await client.post(
      '/api/orders/create',
      await orderForm([{ id: 'photo', orders: [{ id: service('Teeth whitening')._id }] }]),
    );
    expect(answer.status).toBe(201);
    const persons = await t.db.select().from(orderPersons).where(eq(orderPersons.orderId, answer.body._id));
    expect(persons.map((person) => person.profile)).toEqual([null]);
  });

  it('reaches the designer who takes the order, at once and in the cabinet state', async () => {
    // The queue starts empty: the designer takes this test's order.
    await t.db.delete(dispatchWaiters);
    await t.db.update(orders).set({ condition: OrderCondition.cancelled, executorId: null });
    await t.db.update(shifts).set({ endedAt: t.clock.now() });
    const [designer] = await createStaff(t, RoleTitle.designer);
    expect((await designer!.client.post('/api/executor/shift/toggle')).body.startDate).toBeTruthy();
    const socket = await connectedSocket(t, designer!.client);
    socket.emit(SocketEvent.executorFind, true);
    await expect
      .poll(async () =>
        (await t.db.select().from(dispatchWaiters)).some((w) => w.userId === designer!.userId),
      )
      .toBe(true);
    const received = nextEvent<StaffOrder>(socket, SocketEvent.orderForExecutor);

    const { client } = await signUpCustomer(t);
    const profile = await created(client);
    const sent = await client.post(
      '/api/orders/create',
      await orderForm([
        { id: 'photo', orders: [{ id: service('Teeth whitening')._id }], profileId: profile._id },
      ]),
    );
    expect(sent.status).toBe(201);
    const order = await received;
    expect(order._id).toBe(sent.body._id);
    expect(order.persons[0]!.profile).toMatchObject({
      name: 'Anna',
      checklist: ['Keep the freckles', 'No body reshaping'],
    });
    const state = (await designer!.client.get('/api/executor/state')).body as { order: StaffOrder };
    expect(state.order.persons[0]!.profile).toEqual(order.persons[0]!.profile);
  });
});

describe('a send with a profile that fails', () => {
  it('writes no order, no person and no copy, charges nothing and leaves no file', async () => {
    const failing = await createTestApp();
    try {
      const server = await serverWithFailingStorage(failing);
      try {
        const { client } = await signUpCustomer(failing);
        const profile = await created(client);
        const response = await fetch(`${server.baseUrl}/api/orders/create`, {
          method: 'POST',
          headers: { cookie: client.cookieHeader! },
          body: await orderForm([
            { id: 'photo', orders: [{ id: service('Teeth whitening')._id }], profileId: profile._id },
          ]),
        });
        expect(response.status).toBe(500);
        expect((await client.get('/api/user/info')).body.balance).toEqual({ main: 0, bonus: 20 });
        expect(await failing.db.select().from(orders)).toEqual([]);
        expect(await failing.db.select().from(orderPersons)).toEqual([]);
        expect(await server.orderFilesLeft()).toEqual([]);
        // The profile itself is untouched.
        const kept = await failing.db
          .select()
          .from(personProfiles)
          .where(inArray(personProfiles.id, [profile._id]));
        expect(kept).toHaveLength(1);
      } finally {
        await server.close();
      }
    } finally {
      await failing.close();
    }
  });

  it('for want of tokens writes nothing either', async () => {
    const { client, user } = await signUpCustomer(t);
    const profile = await created(client);
    const teeth = service('Teeth whitening');
    // 20 bonus tokens: five sends of 2 leave 10, and a send needs more than 10.
    const sends = await Promise.all(
      Array.from({ length: 8 }, async () =>
        client.post(
          '/api/orders/create',
          await orderForm([{ id: 'photo', orders: [{ id: teeth._id }], profileId: profile._id }]),
        ),
      ),
    );
    const sent = sends.filter((answer) => answer.status === 201);
    expect(sent).toHaveLength(Math.ceil((20 - 10) / teeth.cost));
    expect(sends.filter((answer) => answer.status !== 201).every((answer) => answer.status === 402)).toBe(
      true,
    );
    const placed = await t.db.select().from(orders).where(eq(orders.userId, user._id));
    expect(placed).toHaveLength(sent.length);
    const persons = await t.db
      .select()
      .from(orderPersons)
      .where(
        inArray(
          orderPersons.orderId,
          placed.map((order) => order.id),
        ),
      );
    expect(persons).toHaveLength(sent.length);
    expect(persons.every((person) => person.profile?.name === 'Anna')).toBe(true);
  });
});
