import { createContext, useCallback, useContext, useState, type CSSProperties, type ReactNode } from 'react';

/** Polite waits for the screen reader to finish; assertive interrupts it (for what cannot wait). */
type Politeness = 'polite' | 'assertive';

type Announce = (message: string, politeness?: Politeness) => void;

/** The regions' ids, for tests and journeys that read what was announced. */
export const LiveRegionId = {
  polite: 'live-announcer-polite',
  assertive: 'live-announcer-assertive',
} as const;

// Hidden from sight but not from screen readers (display: none would hide it from both).
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

const AnnounceContext = createContext<Announce | null>(null);

/**
 * Two live regions, present from the first render (screen readers ignore a region that appears together
 * with its text), and `useAnnounce()` below it to put a message in one. They are live by aria-live alone,
 * without the roles status and alert: an empty alert on every back-office page would be one more alert
 * beside the page's own, for screen readers' lists of them and for whoever looks the page's alert up.
 */
export function LiveAnnouncerProvider({ children }: { children: ReactNode }) {
  const [polite, setPolite] = useState('');
  const [assertive, setAssertive] = useState('');
  const announce = useCallback<Announce>((message, politeness = 'polite') => {
    const set = politeness === 'assertive' ? setAssertive : setPolite;
    // The same text twice in a row must still change the region, or it is not read again.
    set((current) => (current === message ? `${message}\u00a0` : message));
  }, []);
  return (
    <AnnounceContext value={announce}>
      {children}
      <div style={VISUALLY_HIDDEN}>
        <div id={LiveRegionId.polite} aria-live="polite" aria-atomic="true">
          {polite}
        </div>
        <div id={LiveRegionId.assertive} aria-live="assertive" aria-atomic="true">
          {assertive}
        </div>
      </div>
    </AnnounceContext>
  );
}

/** Puts a message in the page's live region, for screen readers to read out. */
export function useAnnounce(): Announce {
  const announce = useContext(AnnounceContext);
  if (!announce) throw new Error('useAnnounce needs a LiveAnnouncerProvider above it');
  return announce;
}
