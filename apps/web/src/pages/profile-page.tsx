import { RequireLogin } from '@/features/auth/components/require-login';
import { ProfilePanel } from '@/features/profile/components/profile-panel';

export default function ProfilePage() {
  return <RequireLogin>{(user) => <ProfilePanel key={user._id} user={user} />}</RequireLogin>;
}
