import { createLocalStore, useLocalStore } from '@/lib/local-store';

// The profile's "Browser notifications" switch, remembered per browser (the permission is per browser too).
const browserNotificationsStore = createLocalStore('retouch.browserNotifications', (value) =>
  value === true ? true : null,
);

export function useBrowserNotificationsChosen(): boolean {
  return useLocalStore(browserNotificationsStore) === true;
}

export function setBrowserNotificationsChosen(chosen: boolean): void {
  browserNotificationsStore.write(chosen ? true : null);
}
