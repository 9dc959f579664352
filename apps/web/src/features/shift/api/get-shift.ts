import { shiftSchema, type Shift } from '@retouch/shared/dispatch';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const NOT_FOUND = 404;

/** `GET /api/executor/shift`: the open shift's start; a 404 means off shift (startDate null). */
async function getShift(): Promise<Shift> {
  try {
    return await apiRequest('/api/executor/shift', { schema: shiftSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === NOT_FOUND) return { startDate: null };
    throw error;
  }
}

export function useShift() {
  return useQuery({ queryKey: queryKeys.shift, queryFn: getShift });
}
