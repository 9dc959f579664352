import { PICTURE_RETENTION_DAYS } from '@retouch/shared/accounts';
import { Link } from 'react-router';
import { CompanyAddress } from './company-address';
import { SupportEmailLink } from './support-email-link';
import { SiteText } from '../texts';

/** The page's meta description. */
export const privacyPolicyDescription = `What Retouch collects, why, and for how long: photos are kept ${PICTURE_RETENTION_DAYS} days, and you may ask for your account to be deleted.`;

/** The copy of /privacy-policy (customer side section 1). */
export function PrivacyPolicyContent() {
  return (
    <>
      <p>
        This policy explains what personal data Retouch collects when you use the site, why, and how long we
        keep it.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Account data: your name, e-mail address, profile picture and a hash of your password.</li>
        <li>The photos you upload, the drafts made in the editor and the retouched results.</li>
        <li>Your orders, token purchases and token balance. Card details go to the payment provider only.</li>
        <li>Messages you send us through the contact form.</li>
        <li>
          Technical data: a session cookie that keeps you logged in, and your IP address, used to protect the
          service from abuse.
        </li>
      </ul>
      <h2>Why we use it</h2>
      <p>
        To run your account, carry out your orders, credit the tokens you buy, answer your messages and keep
        the service secure. We do not sell your data and do not use your photos for anything but your order.
      </p>
      <h2>How long we keep it</h2>
      <p>
        {SiteText.photoRetention}: after {PICTURE_RETENTION_DAYS} days the original, the draft and the result
        of an order are deleted, and the history shows that they expired. Download your results in time.
        Account data is kept while the account exists.
      </p>
      <h2>Deleting your account</h2>
      <p>
        You may ask for your account to be deleted at any time by e-mail to <SupportEmailLink />. We delete
        your photos and erase your personal data; orders stay in our books without it.
      </p>
      <h2>Contact</h2>
      <p>
        Questions about your data: <SupportEmailLink />, the <Link to="/contact-us">contact form</Link>, or by
        post to <CompanyAddress />.
      </p>
    </>
  );
}
