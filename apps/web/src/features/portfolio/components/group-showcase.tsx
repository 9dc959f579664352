import type { PublicGroup } from '@retouch/shared/catalog';
import { Flex } from 'antd';
import { useState } from 'react';
import { PortfolioText } from '../texts';
import { ServiceCarousel } from './service-carousel';
import { ServiceDetails } from './service-details';

/** One group's carousel and the details of its chosen service (the first until another is clicked). */
export function GroupShowcase({ group, title }: { group: PublicGroup; title: string }) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = group.list.find((service) => service._id === selectedId) ?? group.list[0];
  if (!selected) return null;
  return (
    <Flex vertical gap="large">
      <ServiceCarousel
        services={group.list}
        selectedId={selected._id}
        onSelect={setSelectedId}
        label={PortfolioText.servicesOf(title)}
      />
      <ServiceDetails service={selected} />
    </Flex>
  );
}
