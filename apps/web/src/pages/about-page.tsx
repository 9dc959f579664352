import { AboutContent, aboutDescription } from '@/features/site/components/about-content';
import { StaticPage } from '@/features/site/components/static-page';
import { SiteText } from '@/features/site/texts';

export default function AboutPage() {
  return (
    <StaticPage heading={SiteText.about} description={aboutDescription}>
      <AboutContent />
    </StaticPage>
  );
}
