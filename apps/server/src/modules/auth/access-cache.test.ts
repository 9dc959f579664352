import { describe, expect, it } from 'vitest';
import { createAccessCache, type CachedAccess, type CachedSession } from './access-cache';

const session = (sessionId: string, userId: string): CachedSession => ({
  sessionId,
  userId,
  lastActiveAt: new Date(0),
  expiresAt: new Date(8.64e15),
});
const access: CachedAccess = { permissions: [], roleId: 'role', roleTitle: 'User', custom: false };

/** A loader that counts its calls and answers what `value` holds at the time. */
function loader<V>(value: V) {
  const loads = { count: 0, value };
  return { loads, load: async () => (loads.count++, loads.value) };
}

describe('the access cache', () => {
  it('reads a session once and keeps it until it is forgotten', async () => {
    const cache = createAccessCache({ ttlMs: 60_000 });
    const { loads, load } = loader<CachedSession | undefined>(session('s1', 'u1'));
    await cache.session('token', load);
    expect(await cache.session('token', load)).toMatchObject({ sessionId: 's1' });
    expect(loads.count).toBe(1);

    loads.value = undefined; // revoked in the database
    await cache.forget({ sessionIds: ['s1'] });
    expect(await cache.session('token', load)).toBeUndefined();
    expect(loads.count).toBe(2);
  });

  it('forgets only the named sessions, and every session and the permissions of a named user', async () => {
    const cache = createAccessCache({ ttlMs: 60_000 });
    const a = loader<CachedSession | undefined>(session('a', 'u1'));
    const b = loader<CachedSession | undefined>(session('b', 'u1'));
    const c = loader<CachedSession | undefined>(session('c', 'u2'));
    const perms = loader<CachedAccess | undefined>(access);
    for (const [token, { load }] of [
      ['ta', a],
      ['tb', b],
      ['tc', c],
    ] as const)
      await cache.session(token, load);
    await cache.access('u1', perms.load);

    await cache.forget({ sessionIds: ['a'] });
    for (const [token, { load }] of [
      ['ta', a],
      ['tb', b],
      ['tc', c],
    ] as const)
      await cache.session(token, load);
    expect([a.loads.count, b.loads.count, c.loads.count]).toEqual([2, 1, 1]);

    await cache.forget({ userIds: ['u1'] });
    for (const [token, { load }] of [
      ['ta', a],
      ['tb', b],
      ['tc', c],
    ] as const)
      await cache.session(token, load);
    await cache.access('u1', perms.load);
    expect([a.loads.count, b.loads.count, c.loads.count, perms.loads.count]).toEqual([3, 2, 1, 2]);
  });

  it('does not keep what was read while a change was being forgotten', async () => {
    const cache = createAccessCache({ ttlMs: 60_000 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let loads = 0;
    // The read saw the permissions before the change committed, and answers after the change was forgotten.
    const reading = cache.access('u1', async () => {
      loads++;
      await gate;
      return access;
    });
    await cache.forget({ userIds: ['u1'] });
    release();
    await reading;
    await cache.access('u1', async () => (loads++, access));
    expect(loads).toBe(2);
  });

  it('reads again after its time to live, and every time when turned off', async () => {
    let now = 1_000; // lru-cache takes a start of 0 as "no time to live"
    const cache = createAccessCache({ ttlMs: 10_000, now: () => now });
    const { loads, load } = loader<CachedSession | undefined>(session('s1', 'u1'));
    await cache.session('token', load);
    now = 10_999;
    await cache.session('token', load);
    expect(loads.count).toBe(1);
    now = 11_001;
    await cache.session('token', load);
    expect(loads.count).toBe(2);

    const off = createAccessCache({ ttlMs: 0 });
    const counted = loader<CachedSession | undefined>(session('s1', 'u1'));
    await off.session('token', counted.load);
    await off.session('token', counted.load);
    expect(counted.loads.count).toBe(2);
  });

  it('tells its listeners of a change and waits for them', async () => {
    const cache = createAccessCache({ ttlMs: 60_000 });
    const heard: unknown[] = [];
    cache.onForget(async (change) => {
      await Promise.resolve();
      heard.push(change);
    });
    await cache.forget({ userIds: ['u1'] });
    expect(heard).toEqual([{ userIds: ['u1'] }]);
  });
});
