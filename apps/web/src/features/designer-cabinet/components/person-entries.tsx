import type { StaffOrder } from '@retouch/shared/dispatch';
import { Flex, Switch, Tag, Typography } from 'antd';
import { DesignerText } from '../texts';

interface PersonEntriesProps {
  person: StaffOrder['persons'][number];
  editing: boolean;
  saving: boolean;
  onToggle: (index: number, active: boolean) => void;
}

/** One person's services in admin titles, with instruction and degrees; edited and inactive ones marked. */
export function PersonEntries({ person, editing, saving, onToggle }: PersonEntriesProps) {
  return (
    <section aria-label={person.id}>
      <Typography.Title level={5}>{person.id}</Typography.Title>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {person.orders.map((entry, index) => (
          <li key={`${entry._id}-${index}`} style={{ marginBottom: 12 }}>
            <Flex gap="small" align="center" wrap>
              {editing && (
                <Switch
                  size="small"
                  checked={entry.active}
                  disabled={saving}
                  aria-label={DesignerText.entryActive(entry.title.admin)}
                  onChange={(checked) => onToggle(index, checked)}
                />
              )}
              <Typography.Text strong delete={!entry.active}>
                {entry.title.admin}
              </Typography.Text>
              {entry.isOptional && <Tag>{DesignerText.option}</Tag>}
              {entry.edited && <Tag color="orange">{DesignerText.edited}</Tag>}
              {!entry.active && <Tag color="default">{DesignerText.inactive}</Tag>}
            </Flex>
            {entry.instruction && (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                {DesignerText.instruction}: {entry.instruction}
              </Typography.Paragraph>
            )}
            {entry.degreeAction.length > 0 && (
              <Flex gap="small" align="center" wrap>
                <Typography.Text type="secondary">{DesignerText.degrees}:</Typography.Text>
                {entry.degreeAction.map((degree) => (
                  <Tag key={degree._id} color="blue">
                    {degree.title.admin}
                  </Tag>
                ))}
              </Flex>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
