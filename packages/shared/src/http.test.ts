import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IdempotencyText, idempotencyKeySchema } from './http';

describe('idempotencyKeySchema', () => {
  it('takes a bare key or the draft quoted string', () => {
    expect(idempotencyKeySchema.parse('8e03978e-40d5-43e8-bc93-6894a57f9324')).toBe(
      '8e03978e-40d5-43e8-bc93-6894a57f9324',
    );
    expect(idempotencyKeySchema.parse('"8e03978e-40d5"')).toBe('8e03978e-40d5');
    expect(idempotencyKeySchema.parse('"say \\"hi\\" \\\\ ok"')).toBe('say "hi" \\ ok');
    expect(idempotencyKeySchema.parse('x'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH))).toHaveLength(255);
  });

  it.each([
    ['empty', ''],
    ['an empty quoted string', '""'],
    ['too long', 'x'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1)],
    ['not ASCII', 'clé'],
    ['a control character', 'a\tb'],
    ['several headers', ['a', 'b']],
  ])('refuses %s with the shared text', (_case, header) => {
    const parsed = idempotencyKeySchema.safeParse(header);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(IdempotencyText.keyInvalid);
  });
});
