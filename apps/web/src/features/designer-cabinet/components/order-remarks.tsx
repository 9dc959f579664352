import type { StaffOrder } from '@retouch/shared/dispatch';
import { Alert, Card, Flex, Image, Typography } from 'antd';
import { currentRemarks } from '../utils/remarks';
import { DesignerText } from '../texts';

/** The moderator's marked-up picture at most this wide; the full size opens on click. */
const REMARK_PICTURE_WIDTH = 400;

/**
 * What this round asks of the designer (back office section 4): the customer's revision request and
 * the moderator's Fix, its marked-up picture and comment. Nothing on a first, unreviewed attempt.
 */
export function OrderRemarks({ order }: { order: StaffOrder }) {
  const { revision, fix } = currentRemarks(order);
  if (!revision && !fix) return null;
  return (
    <Card title={DesignerText.remarks}>
      <Flex vertical gap="middle">
        {revision && (
          <Alert type="info" showIcon title={DesignerText.revisionRequest} description={revision} />
        )}
        {fix && (
          <section aria-label={DesignerText.moderatorRemarks}>
            <Typography.Title level={5}>{DesignerText.moderatorRemarks}</Typography.Title>
            {fix.message && (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{fix.message}</Typography.Paragraph>
            )}
            {fix.picture && (
              <Image src={fix.picture} alt={DesignerText.moderatorPicture} width={REMARK_PICTURE_WIDTH} />
            )}
          </section>
        )}
      </Flex>
    </Card>
  );
}
