import type { StaffOrder } from '@retouch/shared/dispatch';
import { Card, Flex, Image, Typography } from 'antd';
import { BeforeAfterSlider, CompareText } from '@/components/before-after-slider';
import { DownloadPictureButton } from '@/components/download-picture-button';
import { PersonProfileChecklists } from '@/components/staff-order/person-profile-checklist';
import { DesignerText } from '../texts';

/** Width of the customer's extra photo (back office section 9). */
const ADDITIONAL_PHOTO_WIDTH = 150;

/** The original and the draft compared, their downloads, the extra photo and the client's message. */
export function OrderPictures({ order }: { order: StaffOrder }) {
  const { original, draft, additional } = order.pictures;
  return (
    <Card
      title={DesignerText.pictures}
      extra={
        <Flex gap="small" wrap>
          {original && (
            <DownloadPictureButton url={original}>{DesignerText.downloadOriginal}</DownloadPictureButton>
          )}
          {draft && <DownloadPictureButton url={draft}>{DesignerText.downloadDraft}</DownloadPictureButton>}
        </Flex>
      }
    >
      <Flex vertical gap="middle">
        <BeforeAfterSlider before={original} after={draft} texts={CompareText.staff} />
        {additional && (
          <div>
            <Typography.Title level={5}>{DesignerText.additionalPhoto}</Typography.Title>
            <Image src={additional} alt={DesignerText.additionalPhoto} width={ADDITIONAL_PHOTO_WIDTH} />
          </div>
        )}
        {order.message && (
          <section aria-label={DesignerText.clientMessage}>
            <Typography.Title level={5}>{DesignerText.clientMessage}</Typography.Title>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
              {order.message}
            </Typography.Paragraph>
          </section>
        )}
        <PersonProfileChecklists order={order} />
      </Flex>
    </Card>
  );
}
