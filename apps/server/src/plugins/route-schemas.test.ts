import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AdminServerText } from '@retouch/shared/texts';
import { errorHandlerPlugin } from './error-handler';
import { compiledAnswer, markStoredAnswer, routeSchemasPlugin } from './route-schemas';

const bodySchema = z.object({
  title: z.string({ error: 'A title is required' }).min(1, 'A title is required'),
});
const answerSchema = z.object({ id: z.string(), title: z.string() });

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(errorHandlerPlugin);
  await app.register(routeSchemasPlugin);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const prefix of ['/api/things', '/api/admin/things']) {
    typed.post(prefix, { schema: { body: bodySchema, response: { 200: answerSchema } } }, (request) => ({
      id: '1',
      title: request.body.title.toUpperCase(),
    }));
  }
  // An answer that breaks its own schema.
  typed.get('/api/broken', { schema: { response: { 200: answerSchema } } }, () => ({ id: 1 }) as never);
  await app.ready();
});
afterAll(() => app.close());

describe('route schemas', () => {
  it('hands the handler the parsed body and writes the answer from its schema, extra fields dropped', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/things',
      payload: { title: 'tea', extra: 1 },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ id: '1', title: 'TEA' });
  });

  it("refuses a body with the schema's own text, as parseInput did, and the back office's words there", async () => {
    const customer = await app.inject({ method: 'POST', url: '/api/things', payload: { title: '' } });
    expect(customer.statusCode).toBe(400);
    expect(customer.json()).toEqual({ message: 'A title is required' });
    const nul = await app.inject({ method: 'POST', url: '/api/things', payload: { title: 'a\u0000b' } });
    expect(nul.json()).toEqual({ message: 'Invalid value: title' });
    const staff = await app.inject({ method: 'POST', url: '/api/admin/things', payload: [] });
    expect(staff.statusCode).toBe(400);
    expect(staff.json().message).not.toMatch(/[A-Za-z]{4}/);
    expect(staff.json().message).toBe(AdminServerText.invalidRequest);
  });

  it('answers 500 rather than send what breaks the contract', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/broken' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).not.toHaveProperty('id');
  });
});

describe('answers held to their bytes (exactAnswers, on in tests)', () => {
  const userSchema = z.object({ id: z.string(), name: z.string(), admin: z.boolean() });
  let exact: FastifyInstance;
  beforeAll(async () => {
    exact = Fastify({ logger: false });
    await exact.register(errorHandlerPlugin);
    await exact.register(routeSchemasPlugin, { exactAnswers: true });
    const typed = exact.withTypeProvider<ZodTypeProvider>();
    const compiled = { response: { 200: compiledAnswer(userSchema) } };
    const parsed = { response: { 200: userSchema } };
    typed.get('/compiled', { schema: compiled }, () => ({ id: '1', name: 'Ann', admin: false }));
    typed.get('/reordered', { schema: parsed }, () => ({ name: 'Ann', id: '1', admin: false }));
    typed.get('/extra', { schema: parsed }, () => ({ id: '1', name: 'Ann', admin: false, hash: 'x' }));
    typed.get('/stored', { schema: parsed }, () => {
      // A replay read back from jsonb: the same value, its keys in another order.
      const stored = { admin: false, id: '1', name: 'Ann' };
      markStoredAnswer(stored);
      return stored;
    });
    await exact.ready();
  });
  afterAll(() => exact.close());

  it("writes a compiled answer exactly as JSON.stringify would, in the schema's order", async () => {
    const answer = await exact.inject({ method: 'GET', url: '/compiled' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('{"id":"1","name":"Ann","admin":false}');
  });

  it('answers 500 when the schema would reorder or drop what the handler wrote', async () => {
    expect((await exact.inject({ method: 'GET', url: '/reordered' })).statusCode).toBe(500);
    expect((await exact.inject({ method: 'GET', url: '/extra' })).statusCode).toBe(500);
  });

  it("writes a stored answer in the schema's order", async () => {
    const answer = await exact.inject({ method: 'GET', url: '/stored' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('{"id":"1","name":"Ann","admin":false}');
  });
});

describe('a compiled answer schema', () => {
  it('drops a field outside the schema, as the zod serializer does', async () => {
    const app = Fastify({ logger: false });
    await app.register(routeSchemasPlugin);
    const schema = compiledAnswer(z.object({ id: z.string(), role: z.string().nullable() }));
    app.withTypeProvider<ZodTypeProvider>().get('/user', { schema: { response: { 200: schema } } }, () => ({
      id: '1',
      role: null,
      passwordHash: 'secret',
    }));
    const answer = await app.inject({ method: 'GET', url: '/user' });
    expect(answer.body).toBe('{"id":"1","role":null}');
    await app.close();
  });
});
