import { CustomerText } from '@retouch/shared/texts';
import { ButtonLink } from './button-link';
import { SiteText } from '../texts';
import './landing.css';

/** The landing page's banner: headline, lead and the calls to action (registration only for visitors). */
export function LandingBanner({ loggedIn }: { loggedIn: boolean }) {
  return (
    <div className="landing-banner">
      <h1 className="landing-banner__title">{CustomerText.landingTitle}</h1>
      <p className="landing-banner__lead text-secondary">{CustomerText.landingLead}</p>
      <div className="landing-banner__actions">
        <ButtonLink to="/core" primary large>
          {SiteText.retouchPhoto}
        </ButtonLink>
        {!loggedIn && (
          <ButtonLink to="/register" large>
            {SiteText.getTrialTokens}
          </ButtonLink>
        )}
      </div>
    </div>
  );
}
