import { describe, expect, it } from 'vitest';
import { MAX_AVATAR_BYTES } from './constants';
import { CustomerText } from './texts';
import { AvatarText, PasswordText, avatarFileProblem, newPasswordSchema, passwordWeakness } from './users';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('avatarFileProblem (issue 19)', () => {
  it('takes the picture types the server decodes, by MIME type and ending', () => {
    expect(avatarFileProblem(file('me.jpg', 'image/jpeg'))).toBeUndefined();
    expect(avatarFileProblem(file('ME.JPEG', 'image/jpeg'))).toBeUndefined();
    expect(avatarFileProblem(file('me.png', 'image/png'))).toBeUndefined();
    expect(avatarFileProblem(file('me.webp', 'image/webp'))).toBeUndefined();
    // Some systems give a HEIC photo no MIME type: its ending decides.
    expect(avatarFileProblem(file('IMG_0001.HEIC', ''))).toBeUndefined();
  });

  it('refuses what is no picture, or says one thing by its type and another by its name', () => {
    expect(avatarFileProblem(file('notes.txt', 'text/plain'))).toBe(AvatarText.notImage);
    expect(avatarFileProblem(file('scan.pdf', 'application/pdf'))).toBe(AvatarText.notImage);
    expect(avatarFileProblem(file('scan.png', 'application/pdf'))).toBe(AvatarText.notImage);
    expect(avatarFileProblem(file('notes.txt', 'image/png'))).toBe(AvatarText.notImage);
    expect(avatarFileProblem(file('drawing.svg', 'image/svg+xml'))).toBe(AvatarText.notImage);
    expect(avatarFileProblem(file('notes', ''))).toBe(AvatarText.notImage);
  });

  it('refuses a picture over the server limit, naming it', () => {
    expect(avatarFileProblem(file('me.jpg', 'image/jpeg', MAX_AVATAR_BYTES))).toBeUndefined();
    expect(avatarFileProblem(file('me.jpg', 'image/jpeg', MAX_AVATAR_BYTES + 1))).toBe(AvatarText.tooLarge);
    expect(AvatarText.tooLarge).toContain('5 MB');
  });
});

describe('passwordWeakness (issue 35)', () => {
  it.each([
    ['aaaaaa', 'oneCharacter'],
    ['      ', 'oneCharacter'],
    ['ЖЖЖЖЖЖ', 'oneCharacter'],
    ['abcdef', 'run'],
    ['ABCdef', 'run'],
    ['123456', 'run'],
    ['7890123', undefined],
    ['567890', 'run'],
    ['098765', 'run'],
    ['fedcba', 'run'],
    ['абвгде', 'run'],
    ['retouch', 'productName'],
    ['my RETOUCH pass', 'productName'],
    ['re-touch-me', 'productName'],
    ['g7-kwz', undefined],
    ['abcdeg', undefined],
    ['aaaaab', undefined],
    ['', undefined],
  ])('judges %j as %s', (password, weakness) => {
    expect(passwordWeakness(password)).toBe(weakness);
  });

  it('refuses a weak new password in the schemas of the profile and the reset, with its text', () => {
    expect(newPasswordSchema.safeParse('aaaaaa').error?.issues[0]?.message).toBe(PasswordText.oneCharacter);
    expect(newPasswordSchema.safeParse('654321').error?.issues[0]?.message).toBe(PasswordText.run);
    expect(newPasswordSchema.safeParse('Retouch1').error?.issues[0]?.message).toBe(PasswordText.productName);
    // The length rule and its specification text come first.
    expect(newPasswordSchema.safeParse('abc').error?.issues[0]?.message).toBe(CustomerText.passwordTooShort);
    expect(newPasswordSchema.safeParse('g7-kwz').success).toBe(true);
  });
});
