import { AccountUiText } from '@retouch/shared/accounts';
import { PageCard } from '@/components/page-card';
import { ForgotPasswordForm } from '@/features/account/components/forgot-password-form';
import { SiteText } from '@/features/site/texts';

export default function ForgotPasswordPage() {
  return (
    <PageCard heading={AccountUiText.forgotTitle} documentTitle={SiteText.titleOf(AccountUiText.forgotTitle)}>
      <ForgotPasswordForm />
    </PageCard>
  );
}
