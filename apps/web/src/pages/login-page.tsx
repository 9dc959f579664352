import { CustomerText } from '@retouch/shared/texts';
import { Card } from 'antd';
import { LoginForm } from '@/features/auth/components/login-form';

export default function LoginPage() {
  return (
    <Card title={CustomerText.login} style={{ maxWidth: 420, margin: '0 auto' }}>
      <LoginForm />
    </Card>
  );
}
