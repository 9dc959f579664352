import { CustomerText } from '@retouch/shared/texts';
import { PageCard } from '@/components/page-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { SiteText } from '@/features/site/texts';
import { SocialLoginButtons } from '@/features/social-login/components/social-login-buttons';

export default function LoginPage() {
  return (
    <PageCard heading={CustomerText.login} documentTitle={SiteText.titleOf(CustomerText.login)}>
      <LoginForm />
      <SocialLoginButtons />
    </PageCard>
  );
}
