import { TOKEN_EXPIRY_INACTIVE_YEARS } from '@retouch/shared/site';
import { Typography } from 'antd';
import { Link } from 'react-router';
import { PackageTable } from './package-table';
import { SupportEmailLink } from './support-email-link';
import { SiteText } from '../texts';

const { Title, Paragraph } = Typography;

/** The page's meta description. */
export const refundPolicyDescription =
  'Retouch refund policy: no refunds in money, tokens cannot be exchanged for money, and the token packages on sale.';

/** The copy of /refund-policy (customer side sections 1 and 9), with the packages on sale. */
export function RefundPolicyContent() {
  return (
    <>
      <Paragraph>
        Retouch services are paid in tokens, bought in packages by card or by crypto payment. Please read this
        policy before you buy.
      </Paragraph>
      <Title level={2}>Refunds</Title>
      <ul>
        <li>{SiteText.noRefunds}: a purchase of tokens is final.</li>
        <li>{SiteText.noExchange}, and cannot be transferred to another account.</li>
        <li>
          {SiteText.tokenExpiry}: an account is inactive when nobody has logged in to it for{' '}
          {TOKEN_EXPIRY_INACTIVE_YEARS} year.
        </li>
      </ul>
      <Paragraph>
        If a payment went wrong, for example you were charged but received no tokens, write to{' '}
        <SupportEmailLink /> or use the <Link to="/contact-us">contact form</Link> and we will sort it out.
      </Paragraph>
      <Title level={2}>{SiteText.packagesTitle}</Title>
      <PackageTable />
    </>
  );
}
