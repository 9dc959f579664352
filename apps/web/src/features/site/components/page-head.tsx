import { useEffect } from 'react';

interface PageHeadProps {
  title: string;
  description: string;
}

/**
 * The page's <title> and meta description. React 19 hoists the <title> into <head> ahead of
 * index.html's own, so it wins while the page is shown. The description is written into the
 * one meta tag index.html already has: a hoisted <meta> would be a second, later tag.
 */
export function PageHead({ title, description }: PageHeadProps) {
  useEffect(() => {
    const meta = descriptionMeta();
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
  return <title>{title}</title>;
}

function descriptionMeta(): HTMLMetaElement {
  const existing = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (existing) return existing;
  const meta = document.createElement('meta');
  meta.name = 'description';
  document.head.append(meta);
  return meta;
}
