import { FacebookFilled, GithubOutlined, GoogleOutlined } from '@ant-design/icons';
import { SocialLoginText, socialStartPath, type SocialProvider } from '@retouch/shared/social-login';
import { Button, Divider, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useSocialProviders } from '../api/get-social-providers';

const icons: Record<SocialProvider, ReactNode> = {
  google: <GoogleOutlined />,
  facebook: <FacebookFilled />,
  github: <GithubOutlined />,
};

/** A link per configured provider; each is a full-page navigation, since the server redirects to the provider. */
export function SocialLoginButtons() {
  const { data: providers } = useSocialProviders();
  if (!providers?.length) return null;
  return (
    <>
      <Divider plain>{SocialLoginText.orContinueWith}</Divider>
      <Flex vertical gap="small">
        {providers.map((provider) => (
          <Button key={provider} href={socialStartPath(provider)} icon={icons[provider]} block>
            {SocialLoginText.continueWith(provider)}
          </Button>
        ))}
      </Flex>
    </>
  );
}
