import { createLocalStore, useLocalStore } from '@/lib/local-store';

// The specification persists the logged-in and admin flags locally; /admin also needs the admin marker.
const loggedInStore = createLocalStore('retouch.loggedIn', (value) => (value === true ? true : null));
const isAdminStore = createLocalStore('retouch.isAdmin', (value) => (value === true ? true : null));

export interface SessionFlags {
  loggedIn: boolean;
  isAdmin: boolean;
}

/**
 * Where a guarded page sends the visitor when the session ends on purpose (an account deleted: '/'),
 * instead of /login; set just before the call that ends it, cleared once used or on failure.
 */
let exitPath: string | null = null;

export function setExitPath(path: string | null): void {
  exitPath = path;
}

export function currentExitPath(): string | null {
  return exitPath;
}

export function setSessionFlags({ isAdmin }: { isAdmin: boolean }): void {
  exitPath = null;
  loggedInStore.write(true);
  isAdminStore.write(isAdmin ? true : null);
}

/** Whether this browser still holds a session (read outside React). */
export function hasLocalSession(): boolean {
  return loggedInStore.read() === true;
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
