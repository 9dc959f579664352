import { SocialLoginText } from '@retouch/shared/social-login';
import { Flex, Spin, Typography } from 'antd';

export function SigningIn() {
  return (
    <Flex vertical align="center" gap="middle" style={{ padding: 48 }}>
      <Spin size="large" />
      <Typography.Text>{SocialLoginText.signingIn}</Typography.Text>
    </Flex>
  );
}
