import { useSyncExternalStore } from 'react';

/** A value kept in localStorage as JSON, observable by React and by other tabs. */
export interface LocalStore<T> {
  read: () => T | null;
  write: (value: T | null) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createLocalStore<T>(key: string, parse: (value: unknown) => T | null): LocalStore<T> {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cachedValue: T | null = null;

  function read(): T | null {
    const raw = localStorage.getItem(key);
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cachedValue = raw === null ? null : parseStored(raw, parse);
    }
    return cachedValue;
  }

  function write(value: T | null): void {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
    listeners.forEach((listener) => listener());
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  return { read, write, subscribe };
}

/** The current value of a local store; re-renders when it changes. */
export function useLocalStore<T>(store: LocalStore<T>): T | null {
  return useSyncExternalStore(store.subscribe, store.read, () => null);
}

function parseStored<T>(raw: string, parse: (value: unknown) => T | null): T | null {
  try {
    return parse(JSON.parse(raw));
  } catch {
    return null;
  }
}
