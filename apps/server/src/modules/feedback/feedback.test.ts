import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { FeedbackText, MAX_FEEDBACK_MESSAGE_LENGTH } from '@retouch/shared/site';
import { CustomerText, ServerText } from '@retouch/shared/texts';
import { feedback } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signUpCustomer } from '../../../test/fixtures';

let counter = 0;
/** A contact-form body with a message no other test sends. */
function aMessage(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: 'Ann Lee',
    email: 'ann@example.com',
    message: `Can you retouch a group photo? (${counter}-${Math.random().toString(36).slice(2, 7)})`,
    ...overrides,
  };
}

const storedWith = (t: TestApp, message: string) =>
  t.db.select().from(feedback).where(eq(feedback.message, message));

/** The one app whose limit the other tests never reach; the rate-limit tests have their own. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FEEDBACK_RATE_LIMIT_PER_HOUR: '1000' });
});
afterAll(() => t.close());

describe('POST /api/feedback', () => {
  it('stores the message, mails it to the support address with the sender as reply-to, and answers the text', async () => {
    const body = aMessage({ name: '  Ann Lee ', email: ' Ann@Example.com ' });
    const answer = await t.client().post('/api/feedback', body);

    expect(answer).toMatchObject({ status: 200, body: { message: FeedbackText.sent } });
    expect(await storedWith(t, body.message)).toMatchObject([
      { name: 'Ann Lee', email: 'Ann@Example.com', userId: null, createdAt: expect.any(Date) },
    ]);
    const mail = (await t.outbox()).find((m) => m.text.includes(body.message));
    expect(mail).toMatchObject({
      to: t.config.SUPPORT_EMAIL,
      subject: 'Contact form: Ann Lee',
      replyTo: [expect.objectContaining({ address: 'Ann@Example.com' })],
    });
    expect(mail?.text).toContain('Ann Lee <Ann@Example.com>');
  });

  it('records the account of a logged-in sender', async () => {
    const { client, user } = await signUpCustomer(t);
    const body = aMessage();
    expect((await client.post('/api/feedback', body)).status).toBe(200);
    expect(await storedWith(t, body.message)).toMatchObject([{ userId: user._id }]);
  });

  it.each([
    ['a missing name', { name: undefined }],
    ['a blank name', { name: '   ' }],
    ['an empty e-mail', { email: '' }],
    ['a missing message', { message: undefined }],
    ['a blank message', { message: ' \n ' }],
  ])('refuses %s with 400 and the specification text, storing and mailing nothing', async (_, change) => {
    const mailsBefore = (await t.outbox()).length;
    const body = aMessage(change);
    const answer = await t.client().post('/api/feedback', body);
    expect(answer).toMatchObject({ status: 400, body: { message: FeedbackText.notAllFieldsFilled } });
    if (typeof body.message === 'string' && body.message.trim()) {
      expect(await storedWith(t, body.message)).toEqual([]);
    }
    expect(await t.outbox()).toHaveLength(mailsBefore);
  });

  it('refuses a body that is not an object with the same text', async () => {
    const answer = await t.client().post('/api/feedback', 'just text');
    expect(answer).toMatchObject({ status: 400, body: { message: FeedbackText.notAllFieldsFilled } });
  });

  it('refuses an incorrect e-mail and an over-long message', async () => {
    const badEmail = await t.client().post('/api/feedback', aMessage({ email: 'ann@' }));
    expect(badEmail).toMatchObject({ status: 400, body: { message: CustomerText.emailInvalid } });
    const long = await t
      .client()
      .post('/api/feedback', aMessage({ message: 'x'.repeat(MAX_FEEDBACK_MESSAGE_LENGTH + 1) }));
    expect(long).toMatchObject({ status: 400, body: { message: FeedbackText.messageTooLong } });
  });

  it('keeps the message and still answers success when the mail cannot be sent', async () => {
    const send = vi.spyOn(t.app.mailer, 'send').mockRejectedValueOnce(new Error('SMTP is down'));
    try {
      const body = aMessage();
      const answer = await t.client().post('/api/feedback', body);
      expect(answer).toMatchObject({ status: 200, body: { message: FeedbackText.sent } });
      expect(send).toHaveBeenCalledTimes(1);
      expect(await storedWith(t, body.message)).toHaveLength(1);
    } finally {
      send.mockRestore();
    }
  });
});

describe('GET /api/site', () => {
  it('answers the configured support e-mail and postal address to a visitor', async () => {
    const answer = await t.client().get('/api/site');
    expect(answer).toMatchObject({
      status: 200,
      body: { supportEmail: t.config.SUPPORT_EMAIL, companyAddress: t.config.COMPANY_ADDRESS },
    });
    expect(answer.body.companyAddress).toMatch(/Poland/);
  });
});

describe('with its own configuration', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      FEEDBACK_RATE_LIMIT_PER_HOUR: '2',
      SUPPORT_EMAIL: 'help@studio.example',
      COMPANY_ADDRESS: 'Studio sp. z o.o., ul. Długa 1, 80-831 Gdańsk, Poland',
    });
  });
  afterAll(() => limited.close());

  const sendFrom = (remoteAddress: string, body: Record<string, unknown>) =>
    limited.app.inject({ method: 'POST', url: '/api/feedback', payload: body, remoteAddress });

  it('answers 429 once an address has sent the configured number of messages, and stores no more', async () => {
    const bodies = [aMessage(), aMessage(), aMessage()];
    const answers = [];
    for (const body of bodies) answers.push(await sendFrom('10.0.0.1', body));

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
    expect(answers[2]?.json()).toEqual({ message: ServerText.tooManyRequests });
    expect(await storedWith(limited, bodies[2]!.message)).toEqual([]);
    // Another address still has its own allowance.
    expect((await sendFrom('10.0.0.2', aMessage())).statusCode).toBe(200);
  });

  it('mails the configured support address', async () => {
    const body = aMessage();
    expect((await sendFrom('10.0.0.3', body)).statusCode).toBe(200);
    const mail = (await limited.outbox()).find((m) => m.text.includes(body.message));
    expect(mail?.to).toBe('help@studio.example');
  });

  it('answers the configured contacts on GET /api/site', async () => {
    const answer = await limited.client().get('/api/site');
    expect(answer.body).toEqual({
      supportEmail: 'help@studio.example',
      companyAddress: 'Studio sp. z o.o., ul. Długa 1, 80-831 Gdańsk, Poland',
    });
  });
});
