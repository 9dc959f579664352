import { LandingBanner } from '@/features/site/components/landing-banner';
import { LandingBenefits } from '@/features/site/components/landing-benefits';
import { PageHead } from '@/features/site/components/page-head';
import { SiteText } from '@/features/site/texts';
import { useSessionFlags } from '@/lib/session/session-flags';

/** `/`: the banner and the benefits. Loaded with the app, so it imports nothing heavy. */
export function LandingPage() {
  const { loggedIn } = useSessionFlags();
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto' }}>
      <PageHead title={SiteText.landingDocumentTitle} description={SiteText.landingDescription} />
      <LandingBanner loggedIn={loggedIn} />
      <LandingBenefits />
    </div>
  );
}
