import { describe, expect, it } from 'vitest';
import { isPendingConfirmation, registrationSchema, resendSecondsLeft } from './auth';
import { CustomerText } from './texts';
import { PasswordText } from './users';

describe('registrationSchema', () => {
  const valid = {
    email: ' Ann@Example.COM ',
    password: 'secret1',
    name: { giveName: 'Ann', familyName: 'Lee' },
  };

  it('normalises the e-mail to trimmed lower case', () => {
    expect(registrationSchema.parse(valid).email).toBe('ann@example.com');
  });

  it.each([
    [{ ...valid, email: '' }, CustomerText.emailRequired],
    [{ ...valid, email: 'not-an-email' }, CustomerText.emailInvalid],
    [{ ...valid, password: 'abc' }, CustomerText.passwordTooShort],
    [{ ...valid, password: '' }, CustomerText.passwordRequired],
    [{ ...valid, password: 'zzzzzz' }, PasswordText.oneCharacter],
    [{ ...valid, password: 'qrstuv' }, PasswordText.run],
    [{ ...valid, password: 'retouch-me' }, PasswordText.productName],
    [{ ...valid, name: { giveName: ' ', familyName: 'Lee' } }, CustomerText.firstNameRequired],
    [{ ...valid, name: { giveName: 'Ann', familyName: '' } }, CustomerText.lastNameRequired],
  ])('refuses %o with the specification text', (body, text) => {
    const result = registrationSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(text);
  });
});

describe('resendSecondsLeft', () => {
  const start = '2026-01-01T00:00:00.000Z';
  const t0 = new Date(start).getTime();

  it('counts down the cooldown and stops at zero', () => {
    expect(resendSecondsLeft(start, t0, 60)).toBe(60);
    expect(resendSecondsLeft(start, t0 + 59_500, 60)).toBe(1);
    expect(resendSecondsLeft(start, t0 + 60_000, 60)).toBe(0);
    expect(resendSecondsLeft(start, t0 + 3_600_000, 60)).toBe(0);
  });
});

describe('isPendingConfirmation', () => {
  it('tells a pending confirmation from a user', () => {
    expect(isPendingConfirmation({ message: 'm', userId: 'u', dateStart: 'd' })).toBe(true);
    expect(
      isPendingConfirmation({
        _id: 'u',
        email: 'a@b.c',
        name: { giveName: 'A', familyName: 'B' },
        picture: '/x',
        role: { title: 'User' },
        balance: { main: 0, bonus: 20 },
        isAdmin: false,
        createdAt: 'd',
      }),
    ).toBe(false);
  });
});
