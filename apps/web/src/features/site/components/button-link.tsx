import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface ButtonLinkProps {
  to: string;
  primary?: boolean;
  large?: boolean;
  children: ReactNode;
}

/** A link that looks like a button: a real <a href> for crawlers, new tabs and the prerendered page, routed in the app. */
export function ButtonLink({ to, primary = false, large = false, children }: ButtonLinkProps) {
  const className = ['button', primary && 'button--primary', large && 'button--large']
    .filter(Boolean)
    .join(' ');
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}
