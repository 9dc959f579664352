import { TOKEN_EXPIRY_INACTIVE_YEARS } from '@retouch/shared/site';
import { Link } from 'react-router';
import { lazyWithAntd } from '@/components/antd-loader';
import { ClientOnly } from '@/components/client-only';
import { SupportEmailLink } from './support-email-link';
import { SiteText } from '../texts';

// The live packages come from the API into an Ant Design table, after hydration.
const PackageTable = lazyWithAntd(() =>
  import('./package-table').then((module) => ({ default: module.PackageTable })),
);

/** The page's meta description. */
export const refundPolicyDescription =
  'Retouch refund policy: no refunds in money, tokens cannot be exchanged for money, and the token packages on sale.';

/** The copy of /refund-policy (customer side sections 1 and 9), with the packages on sale. */
export function RefundPolicyContent() {
  return (
    <>
      <p>
        Retouch services are paid in tokens, bought in packages by card or by crypto payment. Please read this
        policy before you buy.
      </p>
      <h2>Refunds</h2>
      <ul>
        <li>{SiteText.noRefunds}: a purchase of tokens is final.</li>
        <li>{SiteText.noExchange}, and cannot be transferred to another account.</li>
        <li>
          {SiteText.tokenExpiry}: an account is inactive when nobody has logged in to it for{' '}
          {TOKEN_EXPIRY_INACTIVE_YEARS} year.
        </li>
      </ul>
      <p>
        If a payment went wrong, for example you were charged but received no tokens, write to{' '}
        <SupportEmailLink /> or use the <Link to="/contact-us">contact form</Link> and we will sort it out.
      </p>
      <h2>{SiteText.packagesTitle}</h2>
      <ClientOnly
        placeholder={
          <p aria-busy="true" className="text-secondary">
            {SiteText.packagesLoading}
          </p>
        }
      >
        <PackageTable />
      </ClientOnly>
    </>
  );
}
