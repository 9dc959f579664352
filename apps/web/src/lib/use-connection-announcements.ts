import { useEffect, useRef } from 'react';
import { useAnnounce } from './live-announcer';
import type { ConnectionState } from './use-connection-state';

interface ConnectionTexts {
  lost: string;
  restored: string;
}

/**
 * Announces that the realtime connection was lost and, after that, that it is back, while `active`
 * (on duty: what is shown then depends on it). The first connect of a page is not announced.
 */
export function useConnectionAnnouncements(
  connection: ConnectionState,
  active: boolean,
  texts: ConnectionTexts,
): void {
  const announce = useAnnounce();
  const previous = useRef(connection);
  const lostAnnounced = useRef(false);

  useEffect(() => {
    const was = previous.current;
    previous.current = connection;
    if (was === connection) return;
    if (was === 'connected' && connection !== 'none' && active) {
      lostAnnounced.current = true;
      announce(texts.lost);
    } else if (connection === 'connected' && lostAnnounced.current) {
      lostAnnounced.current = false;
      announce(texts.restored);
    }
  }, [connection, active, texts, announce]);
}
