import { useEffect, useState } from 'react';

/**
 * A loaded image element for a canvas to draw, or null until `url` has loaded. `crossOrigin` for a
 * canvas that is exported: a picture redirected to a presigned bucket URL must come with CORS, not taint it.
 */
export function useHtmlImage(
  url: string | null,
  { crossOrigin }: { crossOrigin?: 'anonymous' } = {},
): HTMLImageElement | null {
  const [loaded, setLoaded] = useState<{ url: string; image: HTMLImageElement } | null>(null);
  useEffect(() => {
    if (!url) return;
    const image = new Image();
    if (crossOrigin) image.crossOrigin = crossOrigin;
    const onLoad = () => setLoaded({ url, image });
    image.addEventListener('load', onLoad);
    image.src = url;
    return () => image.removeEventListener('load', onLoad);
  }, [url, crossOrigin]);
  // An image of an earlier url is never drawn for the current one.
  return loaded && loaded.url === url ? loaded.image : null;
}
