import { Typography } from 'antd';
import { useEffect } from 'react';
import { Portfolio } from '@/features/portfolio/components/portfolio';
import { PortfolioText } from '@/features/portfolio/texts';

export default function PortfolioPage() {
  useEffect(() => {
    const previous = document.title;
    document.title = PortfolioText.documentTitle;
    return () => {
      document.title = previous;
    };
  }, []);
  return (
    <div style={{ maxWidth: 1400, margin: '0 auto' }}>
      <Typography.Title level={1}>{PortfolioText.heading}</Typography.Title>
      <Portfolio />
    </div>
  );
}
