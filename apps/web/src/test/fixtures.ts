import type { UserInfo } from '@retouch/shared/users';

export function aUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    _id: '3f1c6a5e-8a1b-4d7a-9d59-8c1f0c6f5b11',
    email: 'ann@example.com',
    name: { giveName: 'Ann', familyName: 'Lee' },
    picture: '/files/avatars/generated-avatar-ann.svg',
    role: { title: 'User' },
    balance: { main: 5, bonus: 20 },
    isAdmin: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
