import { BREAKPOINTS } from '@retouch/shared/constants';
import { DEFAULT_ORDER_PAGE_SIZE } from '@retouch/shared/orders';
import { CustomerText } from '@retouch/shared/texts';
import { Empty, Flex } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { useMediaQuery } from '@/lib/use-media-query';
import { useUserOrders, type HistoryOrder, type HistoryQuery } from '../api/get-user-orders';
import { useReloadOnOrderChange } from '../hooks/use-reload-on-order-change';
import { OrderHistoryText } from '../texts';
import { OrderCards } from './order-cards';
import { OrderMoreDialog } from './order-more-dialog';
import { OrderTable, type OrderListProps } from './order-table';
import { TipDialog } from './tip-dialog';

type Dialog = { kind: 'tip'; orderId: string } | { kind: 'more'; order: HistoryOrder } | null;

/**
 * The customer's orders (customer-side section 2, History): paged and sorted by the server; the table on
 * wider screens, cards at the mobile breakpoint, where the table's columns would need a sideways scroll.
 */
export function OrderHistory() {
  const [query, setQuery] = useState<HistoryQuery>({ page: 1, limit: DEFAULT_ORDER_PAGE_SIZE });
  const [dialog, setDialog] = useState<Dialog>(null);
  const phone = useMediaQuery(`(max-width: ${BREAKPOINTS.mobile}px)`);
  const orders = useUserOrders(query);
  useReloadOnOrderChange();

  if (orders.isPending) return <PageSpinner />;
  if (orders.isError) {
    return (
      <LoadError
        title={CustomerText.somethingWrong}
        retryLabel={CustomerText.tryAgain}
        onRetry={orders.refetch}
      />
    );
  }
  if (orders.data.total === 0) {
    return (
      <Empty description={OrderHistoryText.empty}>
        <Link to="/portfolio">{OrderHistoryText.toPortfolio}</Link>
      </Empty>
    );
  }

  const list: OrderListProps = {
    orders: orders.data.orders,
    total: orders.data.total,
    query,
    loading: orders.isFetching,
    onQueryChange: setQuery,
    onLeaveTip: (order) => setDialog({ kind: 'tip', orderId: order._id }),
    onOpenMore: (order) => setDialog({ kind: 'more', order }),
  };
  return (
    <Flex vertical gap="middle">
      {/* Order lists stay hidden while a dialog is open (customer-side section 2). */}
      {dialog === null && (phone ? <OrderCards {...list} /> : <OrderTable {...list} />)}
      {dialog?.kind === 'tip' && <TipDialog orderId={dialog.orderId} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'more' && <OrderMoreDialog order={dialog.order} onClose={() => setDialog(null)} />}
    </Flex>
  );
}
