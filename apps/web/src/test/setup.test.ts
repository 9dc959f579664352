import { describe, expect, it } from 'vitest';

describe('the test set-up', () => {
  it('answers a fetch that no test mocked with 404, without reaching for a server', async () => {
    const answer = await fetch('/api/site');
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ message: 'Not mocked' });
  });

  // The files of a worker share one window (isolate: false): a designer's search intent that one test
  // left in sessionStorage made the next file's cabinet open searching, without its Go on duty button.
  describe('gives each test empty browser storage', () => {
    it('whatever the test before stored', () => {
      localStorage.setItem('retouch.left-behind', 'yes');
      sessionStorage.setItem('retouch.left-behind', 'yes');
      expect(sessionStorage.getItem('retouch.left-behind')).toBe('yes');
    });

    it('so the next test finds neither', () => {
      expect(localStorage.getItem('retouch.left-behind')).toBeNull();
      expect(sessionStorage.getItem('retouch.left-behind')).toBeNull();
    });
  });
});
