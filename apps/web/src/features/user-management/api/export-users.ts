import type { UsersTableQuery } from './get-admin-users';

/**
 * `GET /api/admin/users/export`: every user the table's search and switch keep, in its order, as a CSV
 * download (no page: all of them).
 */
export function usersExportUrl(query: UsersTableQuery): string {
  const params = new URLSearchParams({ date: query.date, onlyAdmin: String(query.onlyAdmin) });
  if (query.searchByEmail) params.set('searchByEmail', query.searchByEmail);
  return `/api/admin/users/export?${params}`;
}
