import type { PublicService } from '@retouch/shared/catalog';
import { Card, Flex, Tag, theme, Typography } from 'antd';
import { useId } from 'react';
import { PortfolioText } from '../texts';
import { BeforeAfterSlider } from '@/components/before-after-slider';

/** The chosen service: picture, title, description, cost and the before/after comparison. */
export function ServiceDetails({ service }: { service: PublicService }) {
  const headingId = useId();
  const { token } = theme.useToken();
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <Flex gap="large" wrap>
          <img
            src={service.picture}
            alt={service.title.user}
            style={{
              width: 240,
              maxWidth: '100%',
              aspectRatio: '1',
              // Whole, on a quiet background, as in the slides.
              objectFit: 'contain',
              background: token.colorFillTertiary,
              borderRadius: 8,
            }}
          />
          <Flex vertical gap="small" style={{ flex: '1 1 280px' }}>
            <Typography.Title level={2} id={headingId} style={{ margin: 0 }}>
              {service.title.user}
            </Typography.Title>
            <Tag color="gold" style={{ alignSelf: 'flex-start' }} data-testid="service-cost">
              {PortfolioText.cost(service.cost)}
            </Tag>
            <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>
              {service.description.user}
            </Typography.Paragraph>
          </Flex>
        </Flex>
        {/* Keyed so the divider starts in the middle for every service. */}
        <Flex justify="center" style={{ marginTop: 24 }}>
          <BeforeAfterSlider key={service._id} before={service.pictureBefore} after={service.pictureAfter} />
        </Flex>
      </section>
    </Card>
  );
}
