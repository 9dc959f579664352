import { lazyWithAntd } from '@/components/antd-loader';
import { ClientOnly } from '@/components/client-only';
import { PortfolioText } from '@/features/portfolio/texts';
import { PageHead } from '@/features/site/components/page-head';

// The catalogue comes from the API into Ant Design tabs and Swiper carousels, after hydration.
const Portfolio = lazyWithAntd(() =>
  import('@/features/portfolio/components/portfolio').then((module) => ({ default: module.Portfolio })),
);

export default function PortfolioPage() {
  return (
    <div style={{ maxWidth: 1400, margin: '0 auto' }}>
      <PageHead title={PortfolioText.documentTitle} description={PortfolioText.description} />
      <h1 className="page-title">{PortfolioText.heading}</h1>
      <ClientOnly
        placeholder={
          <div
            role="status"
            aria-busy="true"
            aria-label={PortfolioText.loading}
            className="placeholder"
            style={{ height: 480 }}
          />
        }
      >
        <Portfolio />
      </ClientOnly>
    </div>
  );
}
