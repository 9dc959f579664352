import { authCheckSchema } from '@retouch/shared/auth';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/auth/check`: 200 while the session cookie is valid, ApiError 401 else. */
export function checkAuth() {
  return apiRequest('/api/auth/check', { schema: authCheckSchema });
}
