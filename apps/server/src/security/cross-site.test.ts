import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { io as ioClient } from 'socket.io-client';
import { SOCKET_PATH } from '@retouch/shared/constants';
import { ServerText } from '@retouch/shared/texts';
import { orders } from '../db/schema/index';
import { adjustBalance, imageForm, signUpCustomer } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { catalogServices, nextEvent } from '../../test/staff-fixtures';

const PUBLIC_URL = 'https://retouch.example';
const FOREIGN = 'https://evil.example';

/** Issue 16, item 7: a page of another site cannot act with the visitor's session. */
describe('requests from other sites', () => {
  let t: TestApp;
  let customer: TestClient;
  let customerId: string;
  let teeth: string;

  /** A browser's request with the customer's cookie and the given extra headers. */
  function send(method: string, url: string, headers: Record<string, string>, body?: FormData | object) {
    const json = body !== undefined && !(body instanceof FormData);
    return fetch(`${t.baseUrl}${url}`, {
      method,
      headers: {
        cookie: customer.cookieHeader!,
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
    });
  }

  const rename = (giveName: string) =>
    imageForm({ data: JSON.stringify({ name: { giveName, familyName: 'Lee' } }) }, {});

  async function orderForm(): Promise<FormData> {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#654321' } })
      .png()
      .toBuffer();
    const data = { order: { persons: [{ id: 'photo', orders: [{ id: teeth }] }], message: 'Hi' } };
    return imageForm(
      { data: JSON.stringify(data) },
      {
        original: { data: photo, name: 'photo.png', type: 'image/png' },
        draft: { data: photo, name: 'draft.png', type: 'image/png' },
      },
    );
  }

  const ordersOfCustomer = async () =>
    (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, customerId))).length;
  const givenName = async () => (await customer.get('/api/user/info')).body.name.giveName as string;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    const signedUp = await signUpCustomer(t);
    customer = signedUp.client;
    customerId = signedUp.user._id;
    await adjustBalance(t, customerId, { main: 1000, bonus: 0 });
    teeth = (await catalogServices(t))('Teeth whitening')._id;
    await customer.patch('/api/user/change/info', rename('Ann'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a profile change sent from a foreign Origin, and changes nothing', async () => {
    const answer = await send('PATCH', '/api/user/change/info', { origin: FOREIGN }, rename('Mallory'));
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ message: ServerText.crossSiteRefused });
    expect(await givenName()).toBe('Ann');
  });

  it('refuses an order sent from a foreign Origin, and records none', async () => {
    const before = await ordersOfCustomer();
    const answer = await send('POST', '/api/orders/create', { origin: FOREIGN }, await orderForm());
    expect(answer.status).toBe(403);
    expect(await ordersOfCustomer()).toBe(before);
  });

  it('refuses what the browser marks as coming from another site, whatever the Origin says', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const answer = await send('PATCH', '/api/user/change/info', { 'sec-fetch-site': site }, rename('Eve'));
      expect(answer.status, site).toBe(403);
    }
    const answer = await send(
      'POST',
      '/api/orders/create',
      { 'sec-fetch-site': 'cross-site' },
      await orderForm(),
    );
    expect(answer.status).toBe(403);
    expect(await givenName()).toBe('Ann');
  });

  it("accepts the site's own pages: the public address, the address asked for, and same-origin marks", async () => {
    const sameSite: Array<Record<string, string>> = [
      { origin: PUBLIC_URL },
      { origin: t.baseUrl },
      { origin: t.baseUrl, 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
    ];
    for (const headers of sameSite) {
      const answer = await send('PATCH', '/api/user/change/info', headers, rename('Bea'));
      expect(answer.status, JSON.stringify(headers)).toBe(200);
    }
    const before = await ordersOfCustomer();
    const placed = await send('POST', '/api/orders/create', { origin: t.baseUrl }, await orderForm());
    expect(placed.status).toBe(201);
    expect(await ordersOfCustomer()).toBe(before + 1);
  });

  it("accepts a form the site's own page posts with Origin null (helmet's no-referrer policy), as the browser marks it same-origin", async () => {
    // Chromium sends `Origin: null` for a form navigation from a page served with
    // `Referrer-Policy: no-referrer`; Sec-Fetch-Site still says where it came from.
    const own = await send(
      'PATCH',
      '/api/user/change/info',
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
      rename('Dee'),
    );
    expect(own.status).toBe(200);
    expect(await givenName()).toBe('Dee');
    // Without the browser's mark, an opaque Origin (a sandboxed frame of any site) stays foreign.
    const opaque = await send('PATCH', '/api/user/change/info', { origin: 'null' }, rename('Mallory'));
    expect(opaque.status).toBe(403);
    const foreignFrame = await send(
      'PATCH',
      '/api/user/change/info',
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      rename('Mallory'),
    );
    expect(foreignFrame.status).toBe(403);
    expect(await givenName()).toBe('Dee');
  });

  it('accepts requests with neither header (webhooks, the mobile app, curl) and reads from anywhere', async () => {
    expect((await send('PATCH', '/api/user/change/info', {}, rename('Cat'))).status).toBe(200);
    expect(await givenName()).toBe('Cat');
    expect(
      (await send('GET', '/api/user/info', { origin: FOREIGN, 'sec-fetch-site': 'cross-site' })).status,
    ).toBe(200);
  });

  it('gives a socket opened from a foreign Origin no connection, and one from the site its connection', async () => {
    const connect = (origin: string) =>
      ioClient(t.baseUrl, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { cookie: customer.cookieHeader!, origin },
      });
    const foreign = connect(FOREIGN);
    const own = connect(PUBLIC_URL);
    try {
      await nextEvent(foreign, 'connect_error');
      expect(foreign.connected).toBe(false);
      await nextEvent(own, 'connect');
      expect(own.connected).toBe(true);
    } finally {
      foreign.disconnect();
      own.disconnect();
    }
  });
});
