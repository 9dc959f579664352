import { HowToUseContent, howToUseDescription } from '@/features/site/components/how-to-use-content';
import { StaticPage } from '@/features/site/components/static-page';
import { SiteText } from '@/features/site/texts';

export default function HowToUsePage() {
  return (
    <StaticPage heading={SiteText.howToUse} description={howToUseDescription}>
      <HowToUseContent />
    </StaticPage>
  );
}
