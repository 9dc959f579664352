import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSiteInfo } from '../api/get-site-info';
import { SiteText } from '../texts';

/** The footer's support e-mail and postal address, from `GET /api/site` (a lazy chunk of the footer). */
export default function FooterContacts({ placeholder }: { placeholder: ReactNode }) {
  const { data, isPending } = useSiteInfo();
  if (isPending) return placeholder;
  if (!data) {
    return (
      <p className="site-footer__contacts">
        <Link to="/contact-us">{SiteText.contactsUnavailable}</Link>
      </p>
    );
  }
  return (
    <address className="site-footer__contacts">
      <span>
        {SiteText.support}: <a href={`mailto:${data.supportEmail}`}>{data.supportEmail}</a>
      </span>
      <span>
        {SiteText.postalAddress}: {data.companyAddress}
      </span>
    </address>
  );
}
