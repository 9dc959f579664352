import { createContext } from 'react';

/** The <title> and meta description of a page being prerendered (`PageHead` fills it in). */
export interface DocumentHead {
  title?: string;
  description?: string;
}

/** Given only by the prerender (entry-server.tsx), which writes what the page set into its HTML's head. */
export const DocumentHeadContext = createContext<DocumentHead | null>(null);
