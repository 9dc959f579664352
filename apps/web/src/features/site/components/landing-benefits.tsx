import { ClockCircleOutlined, DollarOutlined, GiftOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { SiteText } from '../texts';

const icons: Record<(typeof SiteText.benefits)[number]['key'], ReactNode> = {
  speed: <ThunderboltOutlined aria-hidden />,
  price: <DollarOutlined aria-hidden />,
  hours: <ClockCircleOutlined aria-hidden />,
  trial: <GiftOutlined aria-hidden />,
};

/** The landing page's benefits (customer side section 1: speed, price, hours, trial tokens). */
export function LandingBenefits() {
  return (
    <section aria-labelledby="landing-benefits">
      <Typography.Title level={2} id="landing-benefits" style={{ textAlign: 'center' }}>
        {SiteText.benefitsTitle}
      </Typography.Title>
      <Row gutter={[16, 16]} role="list">
        {SiteText.benefits.map((benefit) => (
          <Col key={benefit.key} xs={24} sm={12} lg={6} role="listitem">
            <Card style={{ height: '100%', textAlign: 'center' }}>
              <div style={{ fontSize: 32, marginBottom: 8 }}>{icons[benefit.key]}</div>
              <Typography.Title level={3} style={{ fontSize: 18 }}>
                {benefit.title}
              </Typography.Title>
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {benefit.text}
              </Typography.Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
