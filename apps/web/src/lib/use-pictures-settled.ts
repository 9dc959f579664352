import { IMAGE_LOAD_TIMEOUT_MS } from '@retouch/shared/constants';
import { useLayoutEffect, useState } from 'react';

/**
 * True once every picture of `urls` loaded or failed, or once `IMAGE_LOAD_TIMEOUT_MS` passed: both
 * specifications give loading images and the carousel 500 ms before they give up waiting and show
 * what they have (the pictures still arriving fill in as they come).
 */
export function usePicturesSettled(urls: readonly string[]): boolean {
  const key = urls.join('\n');
  const [settledKey, setSettledKey] = useState<string | null>(null);
  // Before the paint: pictures already at hand show at once, without a placeholder in between.
  useLayoutEffect(() => {
    const settle = () => setSettledKey(key);
    const list = key ? key.split('\n') : [];
    if (list.length === 0) {
      settle();
      return;
    }
    const timer = setTimeout(settle, IMAGE_LOAD_TIMEOUT_MS);
    const done = new Set<HTMLImageElement>();
    const images = list.map(() => new Image());
    const onDone = (image: HTMLImageElement) => {
      done.add(image);
      if (done.size === images.length) settle();
    };
    const listeners = images.map((image, index) => {
      const listener = () => onDone(image);
      image.addEventListener('load', listener);
      image.addEventListener('error', listener);
      image.src = list[index]!;
      // Already at hand (the browser's cache): the event may not follow.
      if (image.complete) onDone(image);
      return listener;
    });
    return () => {
      clearTimeout(timer);
      images.forEach((image, index) => {
        image.removeEventListener('load', listeners[index]!);
        image.removeEventListener('error', listeners[index]!);
      });
    };
  }, [key]);
  return settledKey === key;
}
