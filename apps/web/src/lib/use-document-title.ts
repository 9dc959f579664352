import { useEffect } from 'react';

/**
 * The document's title while the calling page is shown; the previous one comes back when the page
 * changes it or goes, so leaving the back office gives the customer site its own title again. Not React's
 * hoisted <title>: it takes over the document's <title> and removes it on unmount.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
