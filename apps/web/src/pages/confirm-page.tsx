import { ConfirmEmail } from '@/features/auth/components/confirm-email';

export default function ConfirmPage() {
  return <ConfirmEmail />;
}
