import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

interface PageCardProps {
  /** The page's one h1, shown as the card's title. */
  heading: string;
  documentTitle: string;
  children: ReactNode;
}

/** A narrow page made of one card (login, registration, password pages): its heading and document title. */
export function PageCard({ heading, documentTitle, children }: PageCardProps) {
  useDocumentTitle(documentTitle);
  return (
    <Card
      title={<h1 style={{ margin: 0, fontSize: 'inherit', fontWeight: 'inherit' }}>{heading}</h1>}
      style={{ maxWidth: 420, margin: '0 auto' }}
    >
      {children}
    </Card>
  );
}
