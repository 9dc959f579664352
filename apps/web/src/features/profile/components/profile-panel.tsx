import { CustomerText } from '@retouch/shared/texts';
import type { UserInfo } from '@retouch/shared/users';
import { Card, Flex, Switch } from 'antd';
import { useId, useState } from 'react';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';

/** The profile panel: avatar and name, with a switch to the change-password form. */
export function ProfilePanel({ user }: { user: UserInfo }) {
  const [changingPassword, setChangingPassword] = useState(false);
  const switchId = useId();
  return (
    <Card title={CustomerText.profile} style={{ maxWidth: 480, margin: '0 auto' }}>
      <Flex gap="small" align="center" style={{ marginBottom: 24 }}>
        <Switch id={switchId} checked={changingPassword} onChange={setChangingPassword} />
        <label htmlFor={switchId}>{CustomerText.changePassword}</label>
      </Flex>
      {changingPassword ? <ChangePasswordForm /> : <ProfileForm user={user} />}
    </Card>
  );
}
