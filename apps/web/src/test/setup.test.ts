import { describe, expect, it } from 'vitest';

describe('the test set-up', () => {
  it('answers a fetch that no test mocked with 404, without reaching for a server', async () => {
    const answer = await fetch('/api/site');
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ message: 'Not mocked' });
  });
});
