import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffOrder } from '@retouch/shared/dispatch';
import { SocketEvent } from '@retouch/shared/realtime';
import { createTestApp, type TestApp } from '../../test/test-app';
import { imageForm, signUpCustomer } from '../../test/fixtures';
import { pngOf } from '../../test/catalog-fixtures';
import {
  catalogServices,
  connectedSocket,
  createStaff,
  nextEvent,
  placeOrder,
} from '../../test/staff-fixtures';
import { waitForState } from '../../test/limits';

const TOKEN = 'metrics-token-0123456789';

/** Two apps in one process, each with its own registry: one scraped, one without a token. */
let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  other = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t.close();
  await other.close();
});

async function scrape(authorization = `Bearer ${TOKEN}`) {
  const answer = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization } });
  return { status: answer.status, headers: answer.headers, text: await answer.text() };
}

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function gauge(name: string): Promise<number> {
  const value = sample((await scrape()).text, name);
  if (value === undefined) throw new Error(`no ${name} in the scrape`);
  return value;
}

describe('GET /metrics', () => {
  it('answers 404 when no METRICS_TOKEN is configured', async () => {
    const answer = await other.client().get('/metrics');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Not found' });
  });

  it('answers 401 without the bearer token, with a wrong one, or with another scheme', async () => {
    for (const authorization of ['', `Bearer ${TOKEN}x`, 'Bearer short', `Basic ${TOKEN}`, TOKEN]) {
      const answer = await scrape(authorization);
      expect(answer.status, authorization).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(answer.text).not.toContain('http_request_duration_seconds');
    }
  });

  it("serves Prometheus' text format with Node's process metrics", async () => {
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    expect(answer.text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(answer.text).toContain('# TYPE nodejs_heap_size_used_bytes gauge');
    expect(answer.text).toContain('# TYPE http_request_duration_seconds histogram');
  });
});

describe('the request latency histogram', () => {
  const count = (text: string, labels: string) =>
    sample(text, `http_request_duration_seconds_count{${labels}}`) ?? 0;

  it('counts requests by method, route pattern and status code', async () => {
    const services = 'method="GET",route="/api/services",status_code="200"';
    const before = count((await scrape()).text, services);
    await t.client().get('/api/services');
    await t.client().get('/api/services');
    const after = (await scrape()).text;
    expect(count(after, services)).toBe(before + 2);
    expect(after).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/services"/,
    );
  });

  it('labels by the route pattern, never the raw URL, and groups unmatched paths', async () => {
    const orderId = randomUUID();
    expect((await t.client().get(`/api/orders/order/${orderId}`)).status).toBe(401);
    expect((await t.client().get(`/api/no-such-thing/${orderId}`)).status).toBe(404);
    const text = (await scrape()).text;
    expect(count(text, 'method="GET",route="/api/orders/order/:id",status_code="401"')).toBeGreaterThan(0);
    expect(count(text, 'method="GET",route="(unmatched)",status_code="404"')).toBeGreaterThan(0);
    expect(text).not.toContain(orderId);
  });

  it("keeps each app's requests in its own registry", async () => {
    const label = 'method="GET",route="/api/site",status_code="200"';
    const before = count((await scrape()).text, label);
    for (let i = 0; i < 3; i += 1) expect((await other.client().get('/api/site')).status).toBe(200);
    expect(count((await scrape()).text, label)).toBe(before);
  });
});

describe('the gauges read at scrape time', () => {
  it('follow shifts, sockets and both queues', async () => {
    const start = {
      designers: await gauge('retouch_designers_on_shift'),
      sockets: await gauge('retouch_sockets_connected'),
      forDesigner: await gauge('retouch_orders_waiting_for_designer'),
      forReview: await gauge('retouch_orders_waiting_for_review'),
    };

    // A customer on shift (anyone may toggle one) is no designer.
    const customer = await signUpCustomer(t);
    await customer.client.post('/api/executor/shift/toggle');
    const [designer] = await createStaff(t);
    await designer!.client.post('/api/executor/shift/toggle');
    expect(await gauge('retouch_designers_on_shift')).toBe(start.designers + 1);

    const socket = await connectedSocket(t, designer!.client);
    expect(await gauge('retouch_sockets_connected')).toBe(start.sockets + 1);

    const teeth = (await catalogServices(t))('Teeth whitening');
    const orderId = await placeOrder(customer.client, teeth._id);
    expect(await gauge('retouch_orders_waiting_for_designer')).toBe(start.forDesigner + 1);

    const received = nextEvent<StaffOrder>(socket, SocketEvent.orderForExecutor);
    socket.emit(SocketEvent.executorFind, true);
    expect((await received)._id).toBe(orderId);
    expect(await gauge('retouch_orders_waiting_for_designer')).toBe(start.forDesigner);

    const form = imageForm({}, { image: { data: await pngOf(80, 60), name: 'r.png', type: 'image/png' } });
    expect((await designer!.client.post('/api/admin/orders/executor/completed', form)).status).toBe(200);
    expect(await gauge('retouch_orders_waiting_for_review')).toBe(start.forReview + 1);

    socket.disconnect();
    await waitForState(async () => expect(await gauge('retouch_sockets_connected')).toBe(start.sockets));
  });
});
