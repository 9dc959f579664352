import { shiftSchema, type Shift } from '@retouch/shared/dispatch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/executor/shift/toggle`: starts a shift, or ends the open one (startDate null). */
function toggleShift() {
  return apiRequest('/api/executor/shift/toggle', { method: 'POST', schema: shiftSchema });
}

/** Toggles the shift and puts the answer in the cache. */
export function useToggleShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleShift,
    onSuccess: (shift) => queryClient.setQueryData<Shift>(queryKeys.shift, shift),
  });
}
