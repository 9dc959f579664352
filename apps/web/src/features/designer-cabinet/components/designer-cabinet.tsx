import type { StaffOrder } from '@retouch/shared/dispatch';
import { Card, Col, Flex, Form, Row } from 'antd';
import { useDesignerCabinet } from '../hooks/use-designer-cabinet';
import { DesignerText } from '../texts';
import { CabinetStats } from './cabinet-stats';
import { DutyControls } from './duty-controls';
import { OrderPersons } from './order-persons';
import { OrderPictures } from './order-pictures';
import { OrderRemarks } from './order-remarks';
import { ProcessingHistory } from './processing-history';
import { RefuseForm } from './refuse-form';
import { ResultUpload } from './result-upload';

/**
 * /admin/design (back office section 2): going on duty, the search, and the order in work with its
 * countdown, pictures, persons and services, result, refusal and history; the queue and the day's pay.
 */
export function DesignerCabinet() {
  const { order } = useDesignerCabinet();
  return (
    <Flex vertical gap="middle">
      <Card title={DesignerText.screenTitle}>
        <Flex justify="space-between" gap="large" wrap>
          <DutyControls />
          <CabinetStats designerPay={order?.finance.costForExecutor ?? null} />
        </Flex>
      </Card>
      {order && <OrderWork key={order._id} order={order} />}
    </Flex>
  );
}

function OrderWork({ order }: { order: StaffOrder }) {
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <OrderPictures order={order} />
        </Col>
        <Col xs={24} xl={10}>
          <OrderPersons order={order} />
        </Col>
      </Row>
      <OrderRemarks order={order} />
      <Card title={DesignerText.handIn}>
        <Form layout="vertical" component="div">
          <ResultUpload />
          <RefuseForm />
        </Form>
      </Card>
      <ProcessingHistory order={order} />
    </>
  );
}
