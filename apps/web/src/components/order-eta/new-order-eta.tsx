import { EtaText } from '@retouch/shared/eta';
import { Flex, Skeleton } from 'antd';
import { useNewOrderEta } from './get-new-order-eta';
import { EtaTime } from './eta-time';

/** The editor's estimate for the order being chosen: when its result would come (the queue is staff's). */
export function NewOrderEta({ minutes, serviceIds }: { minutes: number; serviceIds: readonly string[] }) {
  const { data, isPending, isError } = useNewOrderEta(minutes, serviceIds);
  if (isError) return null;
  if (isPending) return <Skeleton.Input active size="small" aria-label={EtaText.title} />;
  return (
    <Flex vertical gap={2} aria-label={EtaText.title} role="status">
      <EtaTime eta={data.eta} />
    </Flex>
  );
}
