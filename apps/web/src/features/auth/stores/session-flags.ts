import { createLocalStore, useLocalStore } from '@/lib/local-store';

// The specification persists the logged-in and admin flags locally; /admin also needs the admin marker.
const loggedInStore = createLocalStore('retouch.loggedIn', (value) => (value === true ? true : null));
const isAdminStore = createLocalStore('retouch.isAdmin', (value) => (value === true ? true : null));

export interface SessionFlags {
  loggedIn: boolean;
  isAdmin: boolean;
}

export function setSessionFlags({ isAdmin }: { isAdmin: boolean }): void {
  loggedInStore.write(true);
  isAdminStore.write(isAdmin ? true : null);
}

export function clearSessionFlags(): void {
  loggedInStore.write(null);
  isAdminStore.write(null);
}

export function useSessionFlags(): SessionFlags {
  const loggedIn = useLocalStore(loggedInStore) === true;
  const isAdmin = useLocalStore(isAdminStore) === true;
  return { loggedIn, isAdmin: loggedIn && isAdmin };
}
