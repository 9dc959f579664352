import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { Link } from 'react-router';
import { CompanyAddress } from './company-address';
import { SupportEmailLink } from './support-email-link';
import { SiteText } from '../texts';

/** The page's meta description. */
export const termsOfUseDescription =
  'The terms of using Retouch: accounts, tokens, orders, your photos and our responsibility.';

/** The copy of /terms-of-use. */
export function TermsOfUseContent() {
  return (
    <>
      <p>
        By creating an account or sending an order you agree to these terms. The service is provided by the
        company at <CompanyAddress />.
      </p>
      <h2>Your account</h2>
      <p>
        Keep your password to yourself; you are responsible for what is done with your account. One person,
        one account.
      </p>
      <h2>Tokens</h2>
      <p>
        Services are paid in tokens. Tokens are bought in packages and some packages include bonus tokens;
        every new account gets {REGISTRATION_BONUS_TOKENS} trial tokens. Bonus tokens are spent first. See the{' '}
        <Link to="/refund-policy">refund policy</Link>: tokens cannot be exchanged for money, and tokens of an
        inactive account expire.
      </p>
      <h2>Orders</h2>
      <p>
        The cost of an order is shown before you send it and is taken from your balance when you send it. A
        designer may refuse an order that cannot be done, for a stated reason. You may ask for a revision of a
        delivered result.
      </p>
      <h2>Your photos</h2>
      <p>
        Upload only photos you have the right to use. Photos with illegal content are refused. You keep the
        rights to your photos and to the results. {SiteText.photoRetention}; see the{' '}
        <Link to="/privacy-policy">privacy policy</Link>.
      </p>
      <h2>Our responsibility</h2>
      <p>
        We do our best to deliver on time and to your wishes, but retouching is a creative job and times given
        are estimates. We are not liable for indirect losses.
      </p>
      <h2>Contact</h2>
      <p>
        <SupportEmailLink />, or the <Link to="/contact-us">contact form</Link>.
      </p>
    </>
  );
}
