import type { CabinetSnapshot } from '@retouch/shared/dispatch';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/executor/state`: the shift, the order in hand and whether its extension offer is open. */
export function getCabinetState(): Promise<CabinetSnapshot> {
  return apiRequest<CabinetSnapshot>('/api/executor/state');
}
