import { CustomerText } from '@retouch/shared/texts';
import { PageCard } from '@/components/page-card';
import { RegisterForm } from '@/features/auth/components/register-form';
import { SiteText } from '@/features/site/texts';

export default function RegisterPage() {
  return (
    <PageCard heading={CustomerText.register} documentTitle={SiteText.titleOf(CustomerText.register)}>
      <RegisterForm />
    </PageCard>
  );
}
