import { CustomerText } from '@retouch/shared/texts';
import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { useSessionFlags } from '@/features/auth/stores/session-flags';

/** A placeholder landing page: the banner and benefits come with their own issue. */
export function LandingPage() {
  const { loggedIn } = useSessionFlags();
  return (
    <Flex vertical align="center" style={{ padding: '64px 16px', textAlign: 'center' }}>
      <Typography.Title>{CustomerText.landingTitle}</Typography.Title>
      <Typography.Paragraph type="secondary">{CustomerText.landingLead}</Typography.Paragraph>
      {!loggedIn && <Link to="/register">{CustomerText.register}</Link>}
    </Flex>
  );
}
