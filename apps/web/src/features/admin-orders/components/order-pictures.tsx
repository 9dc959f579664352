import { BASE_PICTURE_MAX_SIZE } from '@retouch/shared/constants';
import type { StaffOrder } from '@retouch/shared/dispatch';
import { Card, Flex } from 'antd';
import { BeforeAfterSlider, CompareText } from '@/components/before-after-slider';
import { DownloadPictureButton } from '@/components/download-picture-button';
import { AdminOrdersUiText } from '../texts';

/**
 * The original against the final picture (the draft until there is one), and downloads of original,
 * draft and, once there is one, the result: the final picture, else the designer's completed one. Once
 * the pictures expired, a placeholder says so and there is nothing to download.
 */
export function OrderPictures({ order }: { order: StaffOrder }) {
  const { original, draft } = order.pictures;
  if (order.picturesExpired || original === null || draft === null) {
    return (
      <Card title={AdminOrdersUiText.pictures}>
        <BeforeAfterSlider before={null} after={null} texts={CompareText.staff} />
      </Card>
    );
  }
  const result = order.finalPicture ?? order.completed.picture;
  return (
    <Card
      title={AdminOrdersUiText.pictures}
      extra={
        <Flex gap="small" wrap>
          <DownloadPictureButton url={original}>{AdminOrdersUiText.downloadOriginal}</DownloadPictureButton>
          <DownloadPictureButton url={draft}>{AdminOrdersUiText.downloadDraft}</DownloadPictureButton>
          {result !== null && (
            <DownloadPictureButton url={result}>{AdminOrdersUiText.downloadResult}</DownloadPictureButton>
          )}
        </Flex>
      }
    >
      <BeforeAfterSlider
        before={original}
        after={order.finalPicture ?? draft}
        texts={CompareText.staff}
        size={BASE_PICTURE_MAX_SIZE}
      />
    </Card>
  );
}
