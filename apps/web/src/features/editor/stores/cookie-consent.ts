import { createLocalStore, useLocalStore } from '@/lib/local-store';

const cookieConsentStore = createLocalStore('retouch.cookiesAccepted', (value) =>
  value === true ? true : null,
);

/** Whether the visitor has agreed to the cookie notice (kept in localStorage). */
export function useCookiesAccepted(): boolean {
  return useLocalStore(cookieConsentStore) === true;
}

export function acceptCookies(): void {
  cookieConsentStore.write(true);
}
