import type { StaffOrder } from '@retouch/shared/dispatch';
import { Flex, Switch, Typography } from 'antd';
import { DesignerText } from '../texts';
import { EntryDetails, EntryTitle } from '@/components/staff-order/order-persons';

interface PersonEntriesProps {
  person: StaffOrder['persons'][number];
  editing: boolean;
  saving: boolean;
  /** Whether the entry rules let this entry be switched to `active`. */
  canSwitch: (index: number, active: boolean) => boolean;
  onToggle: (index: number, active: boolean) => void;
}

/** One person's services in admin titles, with instruction and degrees; edited and inactive ones marked. */
export function PersonEntries({ person, editing, saving, canSwitch, onToggle }: PersonEntriesProps) {
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
                  disabled={saving || !canSwitch(index, !entry.active)}
                  aria-label={DesignerText.entryActive(entry.title.admin)}
                  onChange={(checked) => onToggle(index, checked)}
                />
              )}
              <EntryTitle entry={entry} />
            </Flex>
            <EntryDetails entry={entry} />
          </li>
        ))}
      </ul>
    </section>
  );
}
