import type { StaffOrder } from '@retouch/shared/dispatch';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex } from 'antd';
import { BeforeAfterSlider, CompareText } from '@/components/before-after-slider';
import { downloadPicture, pictureFileName } from '../api/download-picture';
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
  const download = (url: string, role: string) =>
    void downloadPicture(url, pictureFileName(order._id, role, url));
  return (
    <Card
      title={AdminOrdersUiText.pictures}
      extra={
        <Flex gap="small" wrap>
          <Button icon={<DownloadOutlined aria-hidden />} onClick={() => download(original, 'original')}>
            {AdminOrdersUiText.downloadOriginal}
          </Button>
          <Button icon={<DownloadOutlined aria-hidden />} onClick={() => download(draft, 'draft')}>
            {AdminOrdersUiText.downloadDraft}
          </Button>
          {result !== null && (
            <Button icon={<DownloadOutlined aria-hidden />} onClick={() => download(result, 'result')}>
              {AdminOrdersUiText.downloadResult}
            </Button>
          )}
        </Flex>
      }
    >
      <BeforeAfterSlider before={original} after={order.finalPicture ?? draft} texts={CompareText.staff} />
    </Card>
  );
}
