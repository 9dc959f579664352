import { AccountUiText } from '@retouch/shared/accounts';
import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '@/features/account/components/reset-password-form';

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  return (
    <Card title={AccountUiText.resetTitle} style={{ maxWidth: 420, margin: '0 auto' }}>
      <ResetPasswordForm token={searchParams.get('token')} />
    </Card>
  );
}
