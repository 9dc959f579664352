import { AccountUiText } from '@retouch/shared/accounts';
import { Card } from 'antd';
import { ForgotPasswordForm } from '@/features/account/components/forgot-password-form';

export default function ForgotPasswordPage() {
  return (
    <Card title={AccountUiText.forgotTitle} style={{ maxWidth: 420, margin: '0 auto' }}>
      <ForgotPasswordForm />
    </Card>
  );
}
