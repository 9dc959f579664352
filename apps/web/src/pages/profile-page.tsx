import { AccountUiText } from '@retouch/shared/accounts';
import { Card, Flex } from 'antd';
import { RequireLogin } from '@/components/require-login';
import { DeleteAccountSection } from '@/features/account/components/delete-account-section';
import { NotificationSettings } from '@/features/notifications/components/notification-settings';
import { PersonProfilesSection } from '@/features/person-profiles/components/person-profiles-section';
import { usePublicServices } from '@/features/portfolio/api/get-public-services';
import { ProfilePanel } from '@/features/profile/components/profile-panel';

export default function ProfilePage() {
  const catalogue = usePublicServices();
  return (
    <RequireLogin>
      {(user) => (
        <Flex vertical gap="large">
          <ProfilePanel key={user._id} user={user} />
          <NotificationSettings />
          <PersonProfilesSection groups={catalogue.data} />
          <Card title={AccountUiText.deleteTitle} style={{ width: '100%', maxWidth: 480, margin: '0 auto' }}>
            <DeleteAccountSection />
          </Card>
        </Flex>
      )}
    </RequireLogin>
  );
}
