import { Button, Image } from 'antd';
import { CoinAmount } from '@/components/coin-amount';
import { ExpiredPicture } from '@/components/before-after-slider';
import type { HistoryOrder } from '../api/get-user-orders';
import { OrderHistoryText } from '../texts';
import { canLeaveTip, canOpenMore, hasTip } from '../utils/order-actions';

const THUMBNAIL_WIDTH = 80;

/** The original's thumbnail, or the placeholder once the pictures expired. */
export function OrderThumbnail({ order }: { order: HistoryOrder }) {
  return order.pictures.thumbnail === null ? (
    <ExpiredPicture width={THUMBNAIL_WIDTH} compact />
  ) : (
    <Image src={order.pictures.thumbnail} alt={OrderHistoryText.originalAlt} width={THUMBNAIL_WIDTH} />
  );
}

/** When the order was made, in the visitor's locale. */
export const orderDate = (order: HistoryOrder) => new Date(order.createdAt).toLocaleString();

interface OrderTipProps {
  order: HistoryOrder;
  onLeaveTip: () => void;
  /** Writes the tip as an amount of coins (the table's column says what the bare number is). */
  withUnit?: boolean;
}

/** The tip once given (condition 10, or a tipped order under revision), else 'Leave a tip', enabled only at 6. */
export function OrderTip({ order, onLeaveTip, withUnit = false }: OrderTipProps) {
  if (hasTip(order)) return withUnit ? <CoinAmount amount={order.tip} /> : order.tip;
  return (
    <Button disabled={!canLeaveTip(order.condition)} onClick={onLeaveTip}>
      {OrderHistoryText.leaveTip}
    </Button>
  );
}

/** 'More': the result and the revision request, enabled at conditions 6, 8 and 10. */
export function OrderMoreButton({ order, onOpen }: { order: HistoryOrder; onOpen: () => void }) {
  return (
    <Button disabled={!canOpenMore(order.condition)} onClick={onOpen}>
      {OrderHistoryText.more}
    </Button>
  );
}
