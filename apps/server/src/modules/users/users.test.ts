import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { CustomerText, ServerText } from '@retouch/shared/texts';
import { GENERATED_AVATAR_MARKER } from '@retouch/shared/constants';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { imageForm, jpegWithExif, signUpCustomer } from '../../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const nameData = (giveName: string, familyName: string) => JSON.stringify({ name: { giveName, familyName } });

describe('GET /api/user/info', () => {
  it('answers the user with the specification field names and a generated avatar', async () => {
    const { client, credentials } = await signUpCustomer(t);
    const info = await client.get('/api/user/info');
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      email: credentials.email,
      name: { giveName: 'Ann', familyName: 'Lee' },
      role: { title: 'User' },
      balance: { main: 0, bonus: 20 },
    });
    expect(info.body.picture).toContain(GENERATED_AVATAR_MARKER);
    const avatar = await client.get(info.body.picture);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toContain('image/svg+xml');
    expect(avatar.body).toContain('AL');
  });

  it('answers 401 without a session', async () => {
    expect(await t.client().get('/api/user/info')).toMatchObject({
      status: 401,
      body: { message: ServerText.notAuthenticated },
    });
  });
});

describe('PATCH /api/user/change/password', () => {
  it('changes the password after checking the old one and ends the other sessions', async () => {
    const { client, credentials } = await signUpCustomer(t);
    const otherDevice = t.client();
    await otherDevice.post('/api/login', { email: credentials.email, password: credentials.password });

    const answer = await client.patch('/api/user/change/password', {
      oldPassword: credentials.password,
      password: 'new-secret',
    });
    expect(answer).toMatchObject({ status: 200, body: { message: ServerText.passwordChanged } });
    expect((await client.get('/api/user/info')).status).toBe(200);
    expect((await otherDevice.get('/api/user/info')).status).toBe(401);

    expect(
      (await t.client().post('/api/login', { email: credentials.email, password: credentials.password }))
        .status,
    ).toBe(401);
    expect(
      (await t.client().post('/api/login', { email: credentials.email, password: 'new-secret' })).status,
    ).toBe(200);
  });

  it('refuses an empty or missing password with the empty-field text, as the password reset does', async () => {
    const { client, credentials } = await signUpCustomer(t);
    for (const body of [
      { oldPassword: credentials.password, password: '' },
      { oldPassword: credentials.password },
      { oldPassword: '', password: 'new-secret' },
      { password: 'new-secret' },
    ]) {
      expect(await client.patch('/api/user/change/password', body)).toMatchObject({
        status: 400,
        body: { message: CustomerText.fieldEmpty },
      });
    }
  });

  it('refuses a wrong old password and a short new one with their texts', async () => {
    const { client, credentials } = await signUpCustomer(t);
    expect(
      await client.patch('/api/user/change/password', { oldPassword: 'wrong-old', password: 'new-secret' }),
    ).toMatchObject({
      status: 400,
      body: { message: ServerText.oldPasswordWrong },
    });
    expect(
      await client.patch('/api/user/change/password', {
        oldPassword: credentials.password,
        password: '12345',
      }),
    ).toMatchObject({
      status: 400,
      body: { message: CustomerText.passwordTooShort },
    });
    expect(
      (await t.client().patch('/api/user/change/password', { oldPassword: 'a', password: 'bbbbbb' })).status,
    ).toBe(401);
  });
});

describe('PATCH /api/user/change/info', () => {
  it('renames the user and stores the avatar as a square picture without EXIF', async () => {
    const { client } = await signUpCustomer(t);
    const form = imageForm(
      { data: nameData('Maria', 'Nowak') },
      { image: { data: await jpegWithExif(), name: 'me.jpg', type: 'image/jpeg' } },
    );
    const answer = await client.patch('/api/user/change/info', form);

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: { giveName: 'Maria', familyName: 'Nowak' } });
    expect(answer.body.picture).toMatch(/^\/api\/files\/avatars\/.+\.webp$/);
    // Avatars are for signed-in users only (docs/decisions/0017).
    const file = await fetch(`${t.baseUrl}${answer.body.picture}`, {
      headers: { cookie: client.cookieHeader! },
    });
    expect(file.headers.get('content-type')).toBe('image/webp');
    const stored = Buffer.from(await file.arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('keeps the picture when only the name changes', async () => {
    const { client } = await signUpCustomer(t);
    const before = (await client.get('/api/user/info')).body.picture;
    const answer = await client.patch(
      '/api/user/change/info',
      imageForm({ data: nameData('Jo', 'Kim') }, {}),
    );
    expect(answer.body).toMatchObject({ name: { giveName: 'Jo', familyName: 'Kim' }, picture: before });
  });

  // Customer side section 8: "Successes: 'Success' plus the server message" (the profile save among them).
  it('answers a message beside the saved user', async () => {
    const { client } = await signUpCustomer(t);
    const answer = await client.patch(
      '/api/user/change/info',
      imageForm({ data: nameData('Jo', 'Kim') }, {}),
    );
    expect(answer.body).toMatchObject({ name: { giveName: 'Jo' }, message: ServerText.profileUpdated });
  });

  it('refuses empty names with the specification text and a file that is not an image', async () => {
    const { client } = await signUpCustomer(t);
    expect(
      await client.patch('/api/user/change/info', imageForm({ data: nameData('', 'Kim') }, {})),
    ).toMatchObject({
      status: 400,
      body: { message: CustomerText.fieldEmpty },
    });
    const fake = imageForm(
      { data: nameData('Jo', 'Kim') },
      { image: { data: Buffer.from('<?php echo 1; ?>'), name: 'x.png', type: 'image/png' } },
    );
    expect(await client.patch('/api/user/change/info', fake)).toMatchObject({
      status: 400,
      body: { message: ServerText.imageInvalid },
    });
    expect((await client.get('/api/user/info')).body.name).toEqual({ giveName: 'Ann', familyName: 'Lee' });
  });
});

describe('errors', () => {
  it('answers unknown /api routes with 404 JSON', async () => {
    expect(await t.client().get('/api/no-such-route')).toMatchObject({
      status: 404,
      body: { message: ServerText.notFound },
    });
    expect((await t.client().get('/api/files/avatars/../../etc/passwd')).status).toBe(404);
  });

  it('answers malformed JSON with 400 and a message, without internals', async () => {
    const response = await fetch(`${t.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; stack?: string };
    expect(body.message).toEqual(expect.any(String));
    expect(body.stack).toBeUndefined();
  });
});
