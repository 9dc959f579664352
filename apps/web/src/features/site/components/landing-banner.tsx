import { CustomerText } from '@retouch/shared/texts';
import { Flex, Typography } from 'antd';
import { ButtonLink } from './button-link';
import { SiteText } from '../texts';

/** The landing page's banner: headline, lead and the calls to action (registration only for visitors). */
export function LandingBanner({ loggedIn }: { loggedIn: boolean }) {
  return (
    <Flex vertical align="center" gap="middle" style={{ padding: '48px 0 32px', textAlign: 'center' }}>
      <Typography.Title level={1} style={{ margin: 0 }}>
        {CustomerText.landingTitle}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 18, maxWidth: 640, margin: 0 }}>
        {CustomerText.landingLead}
      </Typography.Paragraph>
      <Flex gap="middle" wrap justify="center">
        <ButtonLink to="/core" type="primary" size="large">
          {SiteText.retouchPhoto}
        </ButtonLink>
        {!loggedIn && (
          <ButtonLink to="/register" size="large">
            {SiteText.getTrialTokens}
          </ButtonLink>
        )}
      </Flex>
    </Flex>
  );
}
