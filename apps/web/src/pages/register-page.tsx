import { CustomerText } from '@retouch/shared/texts';
import { Card } from 'antd';
import { RegisterForm } from '@/features/auth/components/register-form';

export default function RegisterPage() {
  return (
    <Card title={CustomerText.register} style={{ maxWidth: 420, margin: '0 auto' }}>
      <RegisterForm />
    </Card>
  );
}
