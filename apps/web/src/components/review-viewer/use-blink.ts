import { useEffect, useState } from 'react';
import { useReducedMotion } from '@/lib/use-reduced-motion';

/** How long each picture stays in blink mode. */
const BLINK_INTERVAL_MS = 500;

export type BlinkPicture = 'before' | 'after';

const other = (picture: BlinkPicture): BlinkPicture => (picture === 'after' ? 'before' : 'after');

/**
 * Blink mode's state: the picture shown, switched every 500 ms while `active` and not paused. A user
 * who asked for reduced motion switches by hand only.
 */
export function useBlink(active: boolean) {
  const reducedMotion = useReducedMotion();
  const [shown, setShown] = useState<BlinkPicture>('after');
  const [paused, setPaused] = useState(false);
  const running = active && !paused && !reducedMotion;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setShown(other), BLINK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [running]);

  return {
    shown,
    paused,
    reducedMotion,
    /** Whether the pictures can be switched by hand now (paused, or never blinking). */
    manual: paused || reducedMotion,
    togglePause: () => setPaused((value) => !value),
    switchPicture: () => setShown(other),
  };
}

export type Blink = ReturnType<typeof useBlink>;
