import type { ChangeOrderBody, StaffOrder } from '@retouch/shared/dispatch';
import { AdminText } from '@retouch/shared/texts';
import { CheckOutlined, EditOutlined } from '@ant-design/icons';
import { App, Button, Card, Divider, Flex } from 'antd';
import { useMemo, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useChangeOrder } from '../api/change-order';
import { useServices } from '../api/get-services';
import { useDesignerCabinet } from '../hooks/use-designer-cabinet';
import {
  bodyWithAddedEntries,
  bodyWithEntryStatus,
  orderEntryCatalog,
  ruleBrokenBySwitching,
  type ChangeEntry,
} from '../utils/change-order-body';
import { DesignerText } from '../texts';
import { AddServiceForm } from './add-service-form';
import { PersonEntries } from './person-entries';

/**
 * The persons and their services, with an edit mode: each change (an entry switched on or off, a
 * service added) is saved at once and the server's order replaces the shown one. A change the
 * order's entry rules refuse is not offered.
 */
export function OrderPersons({ order }: { order: StaffOrder }) {
  const { replaceOrder } = useDesignerCabinet();
  const { message, notification } = App.useApp();
  const change = useChangeOrder();
  const [editing, setEditing] = useState(false);
  const services = useServices(editing);
  const catalog = useMemo(
    () => (services.data ? orderEntryCatalog(services.data, order) : null),
    [services.data, order],
  );

  const save = async (body: ChangeOrderBody): Promise<boolean> => {
    try {
      const answer = await change.mutateAsync(body);
      replaceOrder(answer.order);
      void message.success(answer.message);
      return true;
    } catch (error) {
      notification.error({
        title: AdminText.error,
        description: errorMessage(error, AdminText.somethingWrong),
      });
      return false;
    }
  };

  const addEntries = (personId: string, entries: ChangeEntry[]) =>
    save(bodyWithAddedEntries(order, personId, entries));

  return (
    <Card
      title={DesignerText.persons}
      extra={
        <Button
          icon={editing ? <CheckOutlined aria-hidden /> : <EditOutlined aria-hidden />}
          onClick={() => setEditing((current) => !current)}
        >
          {editing ? DesignerText.finishEditing : DesignerText.editServices}
        </Button>
      }
    >
      <Flex vertical gap="small">
        {order.persons.map((person) => (
          <PersonEntries
            key={person.id}
            person={person}
            editing={editing}
            saving={change.isPending}
            canSwitch={(index, active) =>
              !catalog || ruleBrokenBySwitching(person, index, active, catalog) === null
            }
            onToggle={(index, active) => void save(bodyWithEntryStatus(order, person.id, index, active))}
          />
        ))}
      </Flex>
      {editing && (
        <>
          <Divider />
          <AddServiceForm
            persons={order.persons}
            catalog={catalog}
            saving={change.isPending}
            onAdd={addEntries}
          />
        </>
      )}
    </Card>
  );
}
