import { CustomerText } from '@retouch/shared/texts';
import { Empty, Flex, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { usePublicServices } from '../api/get-public-services';
import { keepArrowKeys } from '@/lib/keep-arrow-keys';
import { PortfolioText } from '../texts';
import { GroupShowcase } from './group-showcase';
import { MAX_SLIDES_PER_VIEW } from './service-carousel';

/** The public catalogue (customer-side section 2): groups as tabs, each with its services. */
export function Portfolio() {
  const services = usePublicServices();
  const [activeGroupId, setActiveGroupId] = useState<string | null>(null);

  if (services.isPending) return <PortfolioSkeleton />;
  if (services.isError) {
    return (
      <LoadError
        title={CustomerText.somethingWrong}
        retryLabel={CustomerText.tryAgain}
        onRetry={services.refetch}
      />
    );
  }
  // A group without active services has nothing to show.
  const groups = services.data.filter((group) => group.list.length > 0);
  const active = groups.find((group) => group._id === activeGroupId) ?? groups[0];
  if (!active) return <Empty description={PortfolioText.empty} />;

  return (
    <Tabs
      activeKey={active._id}
      onChange={setActiveGroupId}
      // Only the open group is mounted, so its carousel measures a visible container.
      destroyOnHidden
      renderTabBar={(props, DefaultTabBar) => (
        <div onKeyDown={keepArrowKeys}>
          <DefaultTabBar {...props} />
        </div>
      )}
      items={groups.map((group) => {
        const title = group.title.user || PortfolioText.untitledGroup;
        return { key: group._id, label: title, children: <GroupShowcase group={group} title={title} /> };
      })}
    />
  );
}

function PortfolioSkeleton() {
  return (
    <Flex vertical gap="large" role="status" aria-busy="true" aria-label={PortfolioText.loading}>
      <Flex gap="middle">
        <Skeleton.Button active />
        <Skeleton.Button active />
        <Skeleton.Button active />
      </Flex>
      <Flex gap="middle" style={{ overflow: 'hidden' }}>
        {Array.from({ length: MAX_SLIDES_PER_VIEW }, (_, index) => (
          <Skeleton.Image key={index} active />
        ))}
      </Flex>
      <Skeleton active paragraph={{ rows: 4 }} />
    </Flex>
  );
}
