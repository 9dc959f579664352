import type { StaffOrder } from '@retouch/shared/dispatch';
import { Card, Flex, Image, Typography } from 'antd';
import { ReviewViewer } from '@/components/review-viewer/review-viewer';
import { ReviewViewerText } from '@/components/review-viewer/review-viewer-texts';
import { PersonProfileChecklists } from '@/components/staff-order/person-profile-checklist';
import { ModeratorText } from '../texts';

/** Size of the comparison at most (back office section 9: comparison 700x400). */
const COMPARE_SIZE = { maxWidth: 700, maxHeight: 400 };

interface ReviewPicturesProps {
  order: StaffOrder;
  /** The designer's result; null for a refusal. */
  result: string | null;
}

/**
 * The original against the designer's result (against the draft when there is none) in the review
 * viewer, then the customer's draft with its marks, the customer's message and, next to it, the
 * person profiles the customer applied (issue 23).
 */
export function ReviewPictures({ order, result }: ReviewPicturesProps) {
  const { original, draft } = order.pictures;
  return (
    <Card title={ModeratorText.pictures}>
      <Flex vertical gap="middle">
        <section aria-label={result ? ModeratorText.originalAndResult : ModeratorText.originalAndDraft}>
          <Typography.Title level={5}>
            {result ? ModeratorText.originalAndResult : ModeratorText.originalAndDraft}
          </Typography.Title>
          <ReviewViewer before={original} after={result ?? draft} texts={ReviewViewerText.staff} />
        </section>
        {result && (
          <section aria-label={ModeratorText.draft}>
            <Typography.Title level={5}>{ModeratorText.draft}</Typography.Title>
            <Image
              src={draft ?? undefined}
              alt={ModeratorText.draft}
              style={{ ...COMPARE_SIZE, width: 'auto', height: 'auto', objectFit: 'contain' }}
            />
          </section>
        )}
        {order.message && (
          <section aria-label={ModeratorText.clientMessage}>
            <Typography.Title level={5}>{ModeratorText.clientMessage}</Typography.Title>
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
