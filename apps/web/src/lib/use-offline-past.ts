import { useEffect, useEffectEvent, useRef } from 'react';
import type { ConnectionState } from './use-connection-state';

/**
 * Calls `onPassed` once the realtime connection has been down for `seconds` in a row while `watching`:
 * the server takes back what staff held when they stay away that long. Counted from the moment the
 * connection went down; nothing is called without `seconds` (not known yet).
 */
export function useOfflinePast(
  connection: ConnectionState,
  seconds: number | null,
  watching: boolean,
  onPassed: () => void,
): void {
  const down = connection === 'reconnecting' || connection === 'offline';
  const downSince = useRef<number | null>(null);
  const passed = useEffectEvent(onPassed);
  useEffect(() => {
    if (!down) {
      downSince.current = null;
      return;
    }
    downSince.current ??= Date.now();
    if (!watching || !seconds) return;
    const timer = setTimeout(() => passed(), Math.max(0, downSince.current + seconds * 1000 - Date.now()));
    return () => clearTimeout(timer);
  }, [down, watching, seconds]);
}
