import {
  PrivacyPolicyContent,
  privacyPolicyDescription,
} from '@/features/site/components/privacy-policy-content';
import { StaticPage } from '@/features/site/components/static-page';
import { SiteText } from '@/features/site/texts';

export default function PrivacyPolicyPage() {
  return (
    <StaticPage heading={SiteText.privacyPolicy} description={privacyPolicyDescription}>
      <PrivacyPolicyContent />
    </StaticPage>
  );
}
