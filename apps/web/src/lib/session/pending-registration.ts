import { pendingConfirmationSchema, type PendingConfirmation } from '@retouch/shared/auth';
import { createLocalStore, useLocalStore } from '@/lib/local-store';

// Kept locally so the login page shows the banner after registration and after a reload.
const pendingRegistrationStore = createLocalStore('retouch.pendingRegistration', (value) => {
  const parsed = pendingConfirmationSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
});

export function setPendingRegistration(pending: PendingConfirmation | null): void {
  pendingRegistrationStore.write(pending);
}

export function usePendingRegistration(): PendingConfirmation | null {
  return useLocalStore(pendingRegistrationStore);
}
