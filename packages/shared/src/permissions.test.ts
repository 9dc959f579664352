import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSION_SIGNS,
  PermissionSign,
  SEED_ROLE_SIGNS,
  hasPermission,
  isStaffRole,
} from './permissions';

describe('permissions', () => {
  it('numbers the nine signs 0 to 8 as the specification maps them', () => {
    expect(ALL_PERMISSION_SIGNS).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(PermissionSign.cabinetModer).toBe(6);
    expect(PermissionSign.editSite).toBe(8);
  });

  it('grants the seeded roles their signs', () => {
    expect(SEED_ROLE_SIGNS.Designer).toEqual([0, 5]);
    expect(SEED_ROLE_SIGNS.Moderator).toEqual([0, 5, 6]);
    expect(SEED_ROLE_SIGNS.User).toEqual([]);
  });

  it('reads a permission only when its status is on', () => {
    const list = [
      { sign: 0 as const, status: true },
      { sign: 4 as const, status: false },
    ];
    expect(hasPermission(list, 0)).toBe(true);
    expect(hasPermission(list, 4)).toBe(false);
    expect(hasPermission(list, 8)).toBe(false);
  });

  it('treats every role but User as staff', () => {
    expect(isStaffRole('User')).toBe(false);
    expect(isStaffRole('Designer')).toBe(true);
  });
});
