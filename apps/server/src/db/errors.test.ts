import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { newRegistration } from '../../test/fixtures';
import { waitForState } from '../../test/limits';
import { captureLog } from '../../test/log-capture';

const { stream: logStream, lines, logged } = captureLog();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream });
  // This test's own database refuses some e-mails, so that a registration fails in the database itself.
  await t.db.execute(
    sql`alter table users add constraint refuses_test_emails check (email not like 'refused-%')`,
  );
});
afterAll(() => t.close());

describe('database errors in the log', () => {
  it('name the query and the SQLSTATE, never the values sent with it', async () => {
    const body = newRegistration();
    const email = `refused-${body.email}`;
    const answer = await t.client().post('/api/registration', { ...body, email });
    expect(answer.status).toBe(500);

    await waitForState(() => expect(logged()).toContain('refuses_test_emails'));
    const line = JSON.parse(lines.find((text) => text.includes('refuses_test_emails'))!);
    expect(line.err).toMatchObject({ code: '23514', query: expect.stringMatching(/^insert into "users"/) });
    // Neither among the query's parameters nor in PostgreSQL's detail ("Failing row contains (...)").
    expect(logged()).not.toContain(email);
    expect(logged()).not.toContain('$argon2');
  });

  it('keeps a value out of the message PostgreSQL quotes it in', async () => {
    const secret = 'not-a-number-SECRET42';
    const error = await t.db.execute(sql`select ${secret}::int`).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeDefined();
    t.app.log.error(error, 'a failing query');

    await waitForState(() => expect(logged()).toContain('a failing query'));
    const line = lines.find((text) => text.includes('a failing query'))!;
    expect(JSON.parse(line).err).toMatchObject({
      code: '22P02',
      message: expect.stringContaining('invalid input syntax for type integer'),
    });
    expect(line).not.toContain(secret);
  });
});
