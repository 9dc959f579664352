import type { ServicesEdited } from '@retouch/shared/dispatch';
import { ServicesEditedText } from '@retouch/shared/review';
import { Alert, Col, Flex, Row, Tag, Typography } from 'antd';
import { StaffOrderText } from '@/components/staff-order/texts';
import { markServicesChange, type MarkedPerson, type ServiceMark } from '../utils/services-change';

/**
 * Issue 35: the designer changed the order's services. The moderator sees what the customer sent
 * against what the work counts now, each change marked, and the designer's pay then and now.
 */
export function ServicesEditedAlert({ edited }: { edited: ServicesEdited }) {
  const marked = markServicesChange(edited);
  return (
    <section aria-label={ServicesEditedText.title}>
      <Alert
        type="warning"
        showIcon
        title={ServicesEditedText.title}
        description={
          <Flex vertical gap="small">
            <Typography.Text>{ServicesEditedText.hint}</Typography.Text>
            <Row gutter={[16, 8]}>
              <Col xs={24} md={12}>
                <ServicesSide label={ServicesEditedText.asSent} persons={marked.asSent} />
              </Col>
              <Col xs={24} md={12}>
                <ServicesSide label={ServicesEditedText.now} persons={marked.now} />
              </Col>
            </Row>
            <Flex gap="small" wrap>
              <Typography.Text>{ServicesEditedText.pay}:</Typography.Text>
              <Typography.Text strong>
                {ServicesEditedText.payChange(edited.asSent.pay, edited.now.pay)}
              </Typography.Text>
            </Flex>
          </Flex>
        }
      />
    </section>
  );
}

const MARK_TAG: Record<ServiceMark, { color: string; text: string } | null> = {
  kept: null,
  added: { color: 'green', text: ServicesEditedText.added },
  removed: { color: 'red', text: ServicesEditedText.removed },
};

/** One side of the edit: each person's counted services, in admin titles, changes marked. */
function ServicesSide({ label, persons }: { label: string; persons: MarkedPerson[] }) {
  return (
    <section aria-label={label}>
      <Typography.Text strong>{label}</Typography.Text>
      {persons.map((person) => (
        <Flex key={person.id} vertical gap={4} style={{ marginTop: 4 }}>
          <Typography.Text type="secondary">{person.id}</Typography.Text>
          {person.services.length === 0 && <Typography.Text>{ServicesEditedText.noServices}</Typography.Text>}
          {person.services.map(({ service, mark }, index) => (
            <Flex key={`${service._id}-${index}`} gap="small" align="center" wrap>
              <Typography.Text delete={mark === 'removed'}>{service.title.admin}</Typography.Text>
              {service.isOptional && <Tag>{StaffOrderText.option}</Tag>}
              {service.degreeAction.map((degree) => (
                <Tag key={degree._id} color="blue">
                  {degree.title.admin}
                </Tag>
              ))}
              {MARK_TAG[mark] && <Tag color={MARK_TAG[mark].color}>{MARK_TAG[mark].text}</Tag>}
            </Flex>
          ))}
        </Flex>
      ))}
    </section>
  );
}
