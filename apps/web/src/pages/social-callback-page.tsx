import { SocialLoginCallback } from '@/features/social-login/components/social-login-callback';

export default function SocialCallbackPage() {
  return <SocialLoginCallback />;
}
