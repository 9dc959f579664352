import { OrderCondition, OrderText } from '@retouch/shared/orders';
import { Button, Flex, Image, Modal } from 'antd';
import type { HistoryOrder } from '../api/get-user-orders';
import { OrderHistoryText } from '../texts';

const PICTURE_WIDTH = 320;

/** Before/after of an order and its download; a refused order shows its reason instead of a result. */
export function OrderMoreDialog({ order, onClose }: { order: HistoryOrder; onClose: () => void }) {
  const refused = order.condition === OrderCondition.refused;
  // A refused order has no result: its final picture is the original.
  const finalPicture = refused ? order.pictures.original : (order.finalPicture ?? order.pictures.original);
  const title = refused
    ? `${OrderText.rejectedForReason} ${order.refuseReason?.title.user ?? ''}`.trim()
    : OrderHistoryText.resultTitle;

  return (
    <Modal open title={title} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <Flex gap="middle" wrap justify="center">
        <figure style={{ margin: 0 }}>
          <Image src={order.pictures.original} alt={OrderHistoryText.before} width={PICTURE_WIDTH} />
          <figcaption style={{ textAlign: 'center' }}>{OrderHistoryText.before}</figcaption>
        </figure>
        <figure style={{ margin: 0 }}>
          <Image src={finalPicture} alt={OrderHistoryText.after} width={PICTURE_WIDTH} />
          <figcaption style={{ textAlign: 'center' }}>{OrderHistoryText.after}</figcaption>
        </figure>
      </Flex>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Button type="primary" href={finalPicture} download={OrderHistoryText.downloadName}>
          {OrderHistoryText.download}
        </Button>
      </Flex>
    </Modal>
  );
}
