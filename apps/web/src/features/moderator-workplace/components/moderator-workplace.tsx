import { DispatchText, type StaffOrder } from '@retouch/shared/dispatch';
import { ReviewText } from '@retouch/shared/review';
import { Alert, Card, Col, Flex, Row } from 'antd';
import { OrderPersons } from '@/components/staff-order/order-persons';
import { ReviewHistory } from '@/components/staff-order/review-history';
import { useModeratorWorkplace } from '../hooks/use-moderator-workplace';
import { attemptUnderReview, isRefusalUnderReview } from '../utils/order-view';
import { ModeratorText } from '../texts';
import { DutyControls } from './duty-controls';
import { RefusalDecision } from './refusal-decision';
import { ResultDecision } from './result-decision';
import { ReviewPictures } from './review-pictures';
import { ServicesEditedAlert } from './services-edited-alert';
import { WorkplaceStats } from './workplace-stats';

/**
 * /admin/moder (back office section 2): going on duty, the search, and the order under review with
 * the decision on it (with a designer's change of the services, issue 35), its pictures, persons and
 * services, history, date, total and the queue.
 * Without `canReview` (no cabinetModer) the screen says so and going on duty is disabled.
 */
export function ModeratorWorkplace({ canReview }: { canReview: boolean }) {
  const { order } = useModeratorWorkplace();
  return (
    <Flex vertical gap="middle">
      {!canReview && <Alert type="warning" showIcon title={ReviewText.noCabinet} />}
      <Card title={ModeratorText.screenTitle}>
        <Flex justify="space-between" gap="large" wrap>
          <DutyControls canReview={canReview} />
          <WorkplaceStats order={order} />
        </Flex>
      </Card>
      {order && <OrderReview key={order._id} order={order} />}
    </Flex>
  );
}

function OrderReview({ order }: { order: StaffOrder }) {
  const attempt = attemptUnderReview(order);
  const result = attempt?.executor.result.picture ?? null;
  const refusal = isRefusalUnderReview(order);
  return (
    <>
      <Card title={ModeratorText.decision}>
        <Flex vertical gap="middle">
          {order.servicesEdited && <ServicesEditedAlert edited={order.servicesEdited} />}
          {refusal ? (
            <RefusalDecision
              reason={attempt?.executor.result.reason?.title.admin ?? DispatchText.reasonUnknown}
            />
          ) : (
            <ResultDecision resultPicture={result} />
          )}
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <ReviewPictures order={order} result={refusal ? null : result} />
        </Col>
        <Col xs={24} xl={10}>
          <OrderPersons order={order} />
        </Col>
      </Row>
      <ReviewHistory order={order} />
    </>
  );
}
