import { lazy, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { ClientOnly } from '@/components/client-only';
import { SiteText } from '../texts';
import './site-footer.css';

// The contacts come from the API, with the API client and its schemas: after hydration.
const FooterContacts = lazy(() => import('./footer-contacts'));

const footerLinks = [
  { to: '/how-to-use', label: SiteText.instructions },
  { to: '/about', label: SiteText.about },
  { to: '/privacy-policy', label: SiteText.privacyPolicy },
  { to: '/terms-of-use', label: SiteText.termsOfUse },
  { to: '/refund-policy', label: SiteText.refundPolicy },
  { to: '/contact-us', label: SiteText.contactUs },
] as const;

const subscribeToNothing = () => () => undefined;
const thisYear = () => new Date().getFullYear();

/** The customer site's footer: the static pages, the support e-mail and the postal address (customer side section 1). */
export function SiteFooter() {
  // The prerendered page says the year it was built in, and hydrating it must agree; then this year.
  const year = useSyncExternalStore(subscribeToNothing, thisYear, () => __BUILD_YEAR__);
  return (
    <footer className="site-footer">
      <div className="site-footer__row">
        <nav aria-label={SiteText.footerLinks} className="site-footer__links">
          {footerLinks.map((link) => (
            <Link key={link.to} to={link.to}>
              {link.label}
            </Link>
          ))}
        </nav>
        <ClientOnly placeholder={<ContactsPlaceholder />}>
          <FooterContacts placeholder={<ContactsPlaceholder />} />
        </ClientOnly>
      </div>
      <p className="site-footer__copyright text-secondary">{SiteText.copyright(year)}</p>
    </footer>
  );
}

function ContactsPlaceholder() {
  return (
    <div
      role="status"
      aria-label={SiteText.loadingContacts}
      aria-busy="true"
      className="site-footer__contacts-placeholder"
    >
      <div className="placeholder" />
      <div className="placeholder" />
    </div>
  );
}
