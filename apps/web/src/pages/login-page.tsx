import { CustomerText } from '@retouch/shared/texts';
import { Card } from 'antd';
import { LoginForm } from '@/features/auth/components/login-form';
import { SocialLoginButtons } from '@/features/social-login/components/social-login-buttons';

export default function LoginPage() {
  return (
    <Card title={CustomerText.login} style={{ maxWidth: 420, margin: '0 auto' }}>
      <LoginForm />
      <SocialLoginButtons />
    </Card>
  );
}
