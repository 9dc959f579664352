import type { ReactNode } from 'react';
import { PageHead } from './page-head';
import { SiteText } from '../texts';

interface StaticPageProps {
  heading: string;
  description: string;
  children: ReactNode;
}

/** The frame of a static page: its <title>, meta description, one h1 and a readable column. */
export function StaticPage({ heading, description, children }: StaticPageProps) {
  return (
    <article className="prose" style={{ maxWidth: 860, margin: '0 auto' }}>
      <PageHead title={SiteText.titleOf(heading)} description={description} />
      <h1>{heading}</h1>
      {children}
    </article>
  );
}
