import { OrderCondition, OrderText } from '@retouch/shared/orders';
import { Button, Flex, Modal } from 'antd';
import { BeforeAfterSlider } from '@/components/before-after-slider';
import type { HistoryOrder } from '../api/get-user-orders';
import { OrderHistoryText } from '../texts';
import { RevisionForm } from './revision-form';

/**
 * Before/after of an order, its download and the revision request; a refused order shows its reason
 * instead. Once the pictures expired, a placeholder replaces them and no revision can be asked.
 */
export function OrderMoreDialog({ order, onClose }: { order: HistoryOrder; onClose: () => void }) {
  const refused = order.condition === OrderCondition.refused;
  // A refused order has no result: its final picture is the original.
  const finalPicture = refused ? order.pictures.original : (order.finalPicture ?? order.pictures.original);
  const title = refused
    ? `${OrderText.rejectedForReason} ${order.refuseReason?.title.user ?? ''}`.trim()
    : OrderHistoryText.resultTitle;

  return (
    <Modal open title={title} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Flex vertical gap="middle" align="center">
        <BeforeAfterSlider before={order.pictures.original} after={finalPicture} />
        {finalPicture !== null && (
          <Flex gap="small" wrap justify="center">
            <Button type="primary" href={finalPicture} download={OrderHistoryText.downloadName}>
              {OrderHistoryText.download}
            </Button>
          </Flex>
        )}
        {!refused && !order.picturesExpired && <RevisionForm orderId={order._id} onSent={onClose} />}
      </Flex>
    </Modal>
  );
}
