import { MAX_ADMIN_USERS_LIMIT } from '@retouch/shared/admin-users';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// Only what the search needs, so the list keeps working whatever else a user answer carries.
const staffPageSchema = z.object({
  users: z.array(z.object({ _id: z.string(), email: z.string() })),
  total: z.number(),
});
type StaffMember = z.infer<typeof staffPageSchema>['users'][number];

const staffQuery = { onlyAdmin: 'true', limit: String(MAX_ADMIN_USERS_LIMIT) };

/** `GET /api/admin/users?onlyAdmin=true&limit=10000`: administrators and staff (back-office section 2). */
async function getStaff(): Promise<StaffMember[]> {
  const query = new URLSearchParams(staffQuery);
  const page = await apiRequest(`/api/admin/users?${query.toString()}`, { schema: staffPageSchema });
  return page.users;
}

/** The staff list for the analytics search; loaded only for those who may look at others (lookUsers). */
export function useStaff(enabled: boolean) {
  return useQuery({ queryKey: [...queryKeys.adminUsers, staffQuery], queryFn: getStaff, enabled });
}
