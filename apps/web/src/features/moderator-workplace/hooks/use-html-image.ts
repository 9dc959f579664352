import { useEffect, useState } from 'react';

/** A loaded image element for the canvas to draw, or null until `url` has loaded. */
export function useHtmlImage(url: string): HTMLImageElement | null {
  const [loaded, setLoaded] = useState<{ url: string; image: HTMLImageElement } | null>(null);
  useEffect(() => {
    const image = new Image();
    // The canvas is exported: a picture redirected to a presigned bucket URL must come with CORS, not taint it.
    image.crossOrigin = 'anonymous';
    const onLoad = () => setLoaded({ url, image });
    image.addEventListener('load', onLoad);
    image.src = url;
    return () => image.removeEventListener('load', onLoad);
  }, [url]);
  // An image of an earlier url is never drawn for the current one.
  return loaded && loaded.url === url ? loaded.image : null;
}
