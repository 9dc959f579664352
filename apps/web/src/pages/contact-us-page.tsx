import { lazyWithAntd } from '@/components/antd-loader';
import { ClientOnly } from '@/components/client-only';
import { PageHead } from '@/features/site/components/page-head';
import { SiteText } from '@/features/site/texts';

// The form is Ant Design's: it comes after hydration, in the place the prerendered page keeps for it.
const ContactForm = lazyWithAntd(() =>
  import('@/features/site/components/contact-form').then((module) => ({ default: module.ContactForm })),
);

export default function ContactUsPage() {
  return (
    <div className="prose" style={{ maxWidth: 560, margin: '0 auto' }}>
      <PageHead title={SiteText.contactDocumentTitle} description={SiteText.contactDescription} />
      <h1>{SiteText.contactUs}</h1>
      <p>{SiteText.contactIntro}</p>
      <ClientOnly
        placeholder={
          <div
            role="status"
            aria-busy="true"
            aria-label={SiteText.formLoading}
            className="placeholder"
            style={{ height: 440 }}
          />
        }
      >
        <ContactForm />
      </ClientOnly>
    </div>
  );
}
