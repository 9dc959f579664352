import type { StaffOrder } from '@retouch/shared/dispatch';
import { Card, Flex, Tag, Typography } from 'antd';
import { StaffOrderText } from './texts';

type Person = StaffOrder['persons'][number];
type Entry = Person['orders'][number];

/** The persons and the services chosen for each, in admin titles. */
export function OrderPersons({ order }: { order: StaffOrder }) {
  return (
    <Card title={StaffOrderText.persons}>
      <Flex vertical gap="small">
        {order.persons.map((person) => (
          <PersonEntries key={person.id} person={person} />
        ))}
      </Flex>
    </Card>
  );
}

/** One person's services with instruction and degrees; options, edited and inactive ones marked. */
function PersonEntries({ person }: { person: Person }) {
  return (
    <section aria-label={person.id}>
      <Typography.Title level={5}>{person.id}</Typography.Title>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {person.orders.map((entry, index) => (
          <li key={`${entry._id}-${index}`} style={{ marginBottom: 12 }}>
            <Flex gap="small" align="center" wrap>
              <EntryTitle entry={entry} />
            </Flex>
            <EntryDetails entry={entry} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A service's admin title, struck through when inactive, with its option, edited and inactive marks. */
export function EntryTitle({ entry }: { entry: Entry }) {
  return (
    <>
      <Typography.Text strong delete={!entry.active}>
        {entry.title.admin}
      </Typography.Text>
      {entry.isOptional && <Tag>{StaffOrderText.option}</Tag>}
      {entry.edited && <Tag color="orange">{StaffOrderText.edited}</Tag>}
      {!entry.active && <Tag color="default">{StaffOrderText.inactive}</Tag>}
    </>
  );
}

/** A service's instruction and chosen degrees, when it has them. */
export function EntryDetails({ entry }: { entry: Entry }) {
  return (
    <>
      {entry.instruction && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          {StaffOrderText.instruction}: {entry.instruction}
        </Typography.Paragraph>
      )}
      {entry.degreeAction.length > 0 && (
        <Flex gap="small" align="center" wrap>
          <Typography.Text type="secondary">{StaffOrderText.degrees}:</Typography.Text>
          {entry.degreeAction.map((degree) => (
            <Tag key={degree._id} color="blue">
              {degree.title.admin}
            </Tag>
          ))}
        </Flex>
      )}
    </>
  );
}
