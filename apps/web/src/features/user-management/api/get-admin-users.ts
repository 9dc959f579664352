import { adminUsersPageSchema } from '@retouch/shared/admin-users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface UsersTableQuery {
  page: number;
  limit: number;
  date: 'ASC' | 'DESC';
  onlyAdmin: boolean;
  searchByEmail: string;
}

/** `GET /api/admin/users`: one page of the users table and the total. */
function getAdminUsers(query: UsersTableQuery) {
  const params = new URLSearchParams({
    limit: String(query.limit),
    page: String(query.page),
    date: query.date,
    onlyAdmin: String(query.onlyAdmin),
  });
  if (query.searchByEmail) params.set('searchByEmail', query.searchByEmail);
  return apiRequest(`/api/admin/users?${params}`, { schema: adminUsersPageSchema });
}

export function useAdminUsers(query: UsersTableQuery) {
  return useQuery({
    queryKey: [...queryKeys.adminUsers, query],
    queryFn: () => getAdminUsers(query),
    placeholderData: keepPreviousData,
  });
}
