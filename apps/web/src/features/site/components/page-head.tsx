import { use, useEffect } from 'react';
import { DocumentHeadContext } from '@/lib/document-head';
import { useDocumentTitle } from '@/lib/use-document-title';

interface PageHeadProps {
  title: string;
  description: string;
}

/**
 * The page's title and meta description, written into the document's one <title> and one meta tag
 * while the page is shown. A prerendered page has both in its HTML already: while prerendering, they
 * go to the prerender (scripts/prerender.ts), which writes them into the page's head.
 */
export function PageHead({ title, description }: PageHeadProps) {
  const prerendered = use(DocumentHeadContext);
  if (prerendered) Object.assign(prerendered, { title, description });
  useDocumentTitle(title);
  useEffect(() => {
    const meta = descriptionMeta();
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
  return null;
}

function descriptionMeta(): HTMLMetaElement {
  const existing = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (existing) return existing;
  const meta = document.createElement('meta');
  meta.name = 'description';
  document.head.append(meta);
  return meta;
}
