import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { FIRST_RESULT_MINUTES } from '@retouch/shared/site';
import { Link } from 'react-router';
import { SupportEmailLink } from './support-email-link';

/** The page's meta description. */
export const aboutDescription =
  'Retouch is an online photo-retouching service: professional designers retouch your photos round the clock.';

/** The copy of /about. */
export function AboutContent() {
  return (
    <>
      <p>
        Retouch is an online photo-retouching service. You upload a photo, choose what to improve for each
        person in it, and a professional designer does the work by hand. No software to learn, no
        subscription.
      </p>
      <h2>How we work</h2>
      <p>
        Designers work in shifts round the clock, so an order is taken as soon as it arrives and the first
        result can be ready in {FIRST_RESULT_MINUTES} minutes. Every result is checked by a moderator before
        you see it, and if something is not right you can ask for a revision.
      </p>
      <h2>Fair prices</h2>
      <p>
        Each service has its price in tokens, shown before you send the order. New accounts get{' '}
        {REGISTRATION_BONUS_TOKENS} trial tokens to try the service. See the{' '}
        <Link to="/portfolio">portfolio</Link> for what our designers do.
      </p>
      <h2>Contact</h2>
      <p>
        Write to <SupportEmailLink /> or use the <Link to="/contact-us">contact form</Link>.
      </p>
    </>
  );
}
