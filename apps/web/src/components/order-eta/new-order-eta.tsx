import { EtaText } from '@retouch/shared/eta';
import { Flex, Skeleton, Typography } from 'antd';
import { useNewOrderEta } from './get-new-order-eta';
import { EtaTime } from './eta-time';

/** The editor's estimate for the order being chosen: when its result would come, and the queue ahead. */
export function NewOrderEta({ minutes, serviceIds }: { minutes: number; serviceIds: readonly string[] }) {
  const { data, isPending, isError } = useNewOrderEta(minutes, serviceIds);
  if (isError) return null;
  if (isPending) return <Skeleton.Input active size="small" aria-label={EtaText.title} />;
  return (
    <Flex vertical gap={2} aria-label={EtaText.title} role="status">
      <EtaTime eta={data.eta} />
      {data.eta !== null && <Typography.Text type="secondary">{EtaText.ahead(data.ahead)}</Typography.Text>}
    </Flex>
  );
}
