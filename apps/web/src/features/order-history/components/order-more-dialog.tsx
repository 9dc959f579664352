import { isInGroup } from '@retouch/shared/order-flow';
import { OrderText } from '@retouch/shared/orders';
import { Flex, Modal } from 'antd';
import { BeforeAfterSlider } from '@/components/before-after-slider';
import { DownloadPictureButton } from '@/components/download-picture-button';
import { ReviewViewer } from '@/components/review-viewer/review-viewer';
import type { HistoryOrder } from '../api/get-user-orders';
import { OrderHistoryText } from '../texts';
import { RevisionForm } from './revision-form';

/**
 * The result against the original in the review viewer, its download and the revision request; a
 * refused order shows its reason and its original instead. Once the pictures expired, a placeholder
 * replaces them and no revision can be asked.
 */
export function OrderMoreDialog({ order, onClose }: { order: HistoryOrder; onClose: () => void }) {
  // The dialog opens at 6, 8 and 10: an order not delivered was refused and has no result.
  const delivered = isInGroup('delivered', order.condition);
  const finalPicture = delivered ? (order.finalPicture ?? order.pictures.original) : order.pictures.original;
  const title = delivered
    ? OrderHistoryText.resultTitle
    : `${OrderText.rejectedForReason} ${order.refuseReason?.title.user ?? ''}`.trim();

  return (
    <Modal open title={title} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Flex vertical gap="middle" align="center">
        {delivered ? (
          <ReviewViewer before={order.pictures.original} after={finalPicture} />
        ) : (
          // A refused order's final picture is its original: there is nothing to look for in a difference.
          <BeforeAfterSlider before={order.pictures.original} after={finalPicture} />
        )}
        {finalPicture !== null && (
          <Flex gap="small" wrap justify="center">
            <DownloadPictureButton type="primary" url={finalPicture}>
              {OrderHistoryText.download}
            </DownloadPictureButton>
          </Flex>
        )}
        {delivered && !order.picturesExpired && <RevisionForm orderId={order._id} onSent={onClose} />}
      </Flex>
    </Modal>
  );
}
