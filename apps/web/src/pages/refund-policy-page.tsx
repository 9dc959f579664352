import {
  RefundPolicyContent,
  refundPolicyDescription,
} from '@/features/site/components/refund-policy-content';
import { StaticPage } from '@/features/site/components/static-page';
import { SiteText } from '@/features/site/texts';

export default function RefundPolicyPage() {
  return (
    <StaticPage heading={SiteText.refundPolicy} description={refundPolicyDescription}>
      <RefundPolicyContent />
    </StaticPage>
  );
}
