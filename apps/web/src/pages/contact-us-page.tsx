import { Typography } from 'antd';
import { ContactForm } from '@/features/site/components/contact-form';
import { PageHead } from '@/features/site/components/page-head';
import { SiteText } from '@/features/site/texts';

export default function ContactUsPage() {
  return (
    <div style={{ maxWidth: 560, margin: '0 auto' }}>
      <PageHead title={SiteText.contactDocumentTitle} description={SiteText.contactDescription} />
      <Typography.Title level={1}>{SiteText.contactUs}</Typography.Title>
      <Typography.Paragraph>{SiteText.contactIntro}</Typography.Paragraph>
      <ContactForm />
    </div>
  );
}
