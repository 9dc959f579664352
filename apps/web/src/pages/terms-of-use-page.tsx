import { TermsOfUseContent, termsOfUseDescription } from '@/features/site/components/terms-of-use-content';
import { StaticPage } from '@/features/site/components/static-page';
import { SiteText } from '@/features/site/texts';

export default function TermsOfUsePage() {
  return (
    <StaticPage heading={SiteText.termsOfUse} description={termsOfUseDescription}>
      <TermsOfUseContent />
    </StaticPage>
  );
}
