import { createLocalStore, useLocalStore } from '@/lib/local-store';

// The designer-notification toggle of the top bar, remembered per browser.
const orderAlertsStore = createLocalStore('retouch.orderAlerts', (value) => (value === true ? true : null));

export function useOrderAlertsEnabled(): boolean {
  return useLocalStore(orderAlertsStore) === true;
}

export function orderAlertsEnabled(): boolean {
  return orderAlertsStore.read() === true;
}

export function setOrderAlertsEnabled(enabled: boolean): void {
  orderAlertsStore.write(enabled ? true : null);
}
