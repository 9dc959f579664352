import { AndroidLogin } from '@/features/social-login/components/android-login';

export default function AndroidLoginPage() {
  return <AndroidLogin />;
}
