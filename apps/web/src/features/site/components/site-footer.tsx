import { BREAKPOINTS } from '@retouch/shared/constants';
import { Flex, Layout, Skeleton, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { useMediaQuery } from '@/lib/use-media-query';
import { useSiteInfo } from '../api/get-site-info';
import { SiteText } from '../texts';

const footerLinks = [
  { to: '/how-to-use', label: SiteText.instructions },
  { to: '/about', label: SiteText.about },
  { to: '/privacy-policy', label: SiteText.privacyPolicy },
  { to: '/terms-of-use', label: SiteText.termsOfUse },
  { to: '/refund-policy', label: SiteText.refundPolicy },
  { to: '/contact-us', label: SiteText.contactUs },
] as const;

/** The customer site's footer: the static pages, the support e-mail and the postal address (customer side section 1). */
export function SiteFooter() {
  const { token } = theme.useToken();
  const stacked = useMediaQuery(`(max-width: ${BREAKPOINTS.mobile}px)`);
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.mobileButtons}px)`);

  return (
    <Layout.Footer
      style={{
        background: token.colorBgContainer,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        padding: stacked ? '24px 16px' : '32px 24px',
      }}
    >
      <Flex
        vertical={stacked}
        justify="space-between"
        align={stacked ? 'center' : 'flex-start'}
        gap="large"
        style={{ maxWidth: 1200, margin: '0 auto', textAlign: stacked ? 'center' : 'left' }}
      >
        <nav aria-label={SiteText.footerLinks}>
          <Flex
            vertical={narrow}
            wrap
            gap={narrow ? 'small' : 'middle'}
            justify={stacked ? 'center' : 'flex-start'}
          >
            {footerLinks.map((link) => (
              <Link key={link.to} to={link.to}>
                {link.label}
              </Link>
            ))}
          </Flex>
        </nav>
        <FooterContacts />
      </Flex>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: '24px 0 0' }}>
        {SiteText.copyright(new Date().getFullYear())}
      </Typography.Paragraph>
    </Layout.Footer>
  );
}

function FooterContacts() {
  const { data, isPending } = useSiteInfo();
  if (isPending) {
    return (
      <div aria-label={SiteText.loadingContacts} aria-busy="true" style={{ minWidth: 240 }}>
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </div>
    );
  }
  if (!data) {
    return (
      <Typography.Text>
        <Link to="/contact-us">{SiteText.contactsUnavailable}</Link>
      </Typography.Text>
    );
  }
  return (
    <address style={{ fontStyle: 'normal' }}>
      <Flex vertical gap={4}>
        <span>
          {SiteText.support}: <a href={`mailto:${data.supportEmail}`}>{data.supportEmail}</a>
        </span>
        <span>
          {SiteText.postalAddress}: {data.companyAddress}
        </span>
      </Flex>
    </address>
  );
}
