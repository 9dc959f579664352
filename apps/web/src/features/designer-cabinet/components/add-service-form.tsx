import { DispatchText, type StaffOrder } from '@retouch/shared/dispatch';
import type { EntryCatalog } from '@retouch/shared/order-entries';
import { AdminText, CustomerText } from '@retouch/shared/texts';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Select, Typography } from 'antd';
import { useId, useState } from 'react';
import { useAdminTitles } from '../api/get-admin-titles';
import { useServices } from '../api/get-services';
import {
  addedEntry,
  newServiceEntries,
  ruleBrokenByAddingTo,
  type ChangeEntry,
} from '../utils/change-order-body';
import { DesignerText } from '../texts';

interface AddServiceFormProps {
  persons: StaffOrder['persons'];
  /** The entry rules' catalogue; null while it loads. */
  catalog: EntryCatalog | null;
  saving: boolean;
  /** Saves the new entries; resolves true when the server took them. */
  onAdd: (personId: string, entries: ChangeEntry[]) => Promise<boolean>;
}

interface Choice {
  groupId: string | null;
  serviceId: string | null;
  optionId: string | null;
  degreeIds: string[];
}

const noChoice: Choice = { groupId: null, serviceId: null, optionId: null, degreeIds: [] };

/**
 * Adds a service to a person: group, then service, then its option (needed where the service has
 * options) and degree (needed where it has degrees), from the public catalogue. Choices the entry
 * rules refuse for that person (a single-use service it has) are disabled. They are named by their
 * admin (Russian) titles, the customers' until those are read.
 */
export function AddServiceForm({ persons, catalog: rules, saving, onAdd }: AddServiceFormProps) {
  const ids = { person: useId(), group: useId(), service: useId(), option: useId(), degree: useId() };
  const { notification } = App.useApp();
  const catalog = useServices(true);
  const adminTitles = useAdminTitles();
  const titleOf = (item: { _id: string; title: { user: string } }) =>
    adminTitles.titles.get(item._id) ?? item.title.user;
  const [personId, setPersonId] = useState<string | null>(persons[0]?.id ?? null);
  const [choice, setChoice] = useState<Choice>(noChoice);

  const group = catalog.data?.find((candidate) => candidate._id === choice.groupId);
  const service = group?.list.find((candidate) => candidate._id === choice.serviceId);
  const person = persons.find((candidate) => candidate.id === personId);
  /** The rule text adding these entries to the chosen person would break, or null. */
  const brokenRule = (added: ChangeEntry[]) =>
    person && rules ? ruleBrokenByAddingTo(person, added, rules) : null;
  const submit = async () => {
    const entries = newServiceEntries(service, choice.optionId, choice.degreeIds);
    if (!personId || !entries) {
      notification.error({ title: AdminText.error, description: DispatchText.cannotAddService });
      return;
    }
    const broken = brokenRule(entries);
    if (broken) {
      notification.error({ title: AdminText.error, description: broken });
      return;
    }
    if (await onAdd(personId, entries)) setChoice(noChoice);
  };

  if (catalog.isError) return <Alert type="error" showIcon title={CustomerText.somethingWrong} />;

  return (
    <Form layout="vertical" component="div">
      <Typography.Title level={5}>{DesignerText.addService}</Typography.Title>
      <Form.Item label={DesignerText.person} htmlFor={ids.person}>
        <Select
          id={ids.person}
          value={personId}
          onChange={setPersonId}
          options={persons.map((candidate) => ({ value: candidate.id, label: candidate.id }))}
        />
      </Form.Item>
      <Form.Item label={DesignerText.group} htmlFor={ids.group}>
        <Select
          id={ids.group}
          loading={catalog.isPending || adminTitles.isPending}
          value={choice.groupId}
          onChange={(groupId: string) => setChoice({ ...noChoice, groupId })}
          options={catalog.data?.map((candidate) => ({ value: candidate._id, label: titleOf(candidate) }))}
        />
      </Form.Item>
      <Form.Item label={DesignerText.service} htmlFor={ids.service}>
        <Select
          id={ids.service}
          disabled={!group}
          value={choice.serviceId}
          onChange={(serviceId: string) => setChoice({ ...noChoice, groupId: choice.groupId, serviceId })}
          options={group?.list.map((candidate) => ({
            value: candidate._id,
            label: titleOf(candidate),
            disabled: brokenRule([addedEntry(candidate._id)]) !== null,
          }))}
        />
      </Form.Item>
      {service && service.optional.length > 0 && (
        <Form.Item label={DesignerText.option} htmlFor={ids.option} required>
          <Select
            id={ids.option}
            value={choice.optionId}
            onChange={(optionId: string) => setChoice({ ...choice, optionId })}
            options={service.optional.map((option) => ({
              value: option._id,
              label: titleOf(option),
              disabled: brokenRule([addedEntry(service._id), addedEntry(option._id, true)]) !== null,
            }))}
          />
        </Form.Item>
      )}
      {service && service.degreeAction.length > 0 && (
        <Form.Item label={DesignerText.degrees} htmlFor={ids.degree} required>
          <Select<string | string[]>
            id={ids.degree}
            mode={service.multiDegree ? 'multiple' : undefined}
            value={service.multiDegree ? choice.degreeIds : (choice.degreeIds[0] ?? null)}
            onChange={(value) => setChoice({ ...choice, degreeIds: ([] as string[]).concat(value ?? []) })}
            options={service.degreeAction.map((degree) => ({ value: degree._id, label: titleOf(degree) }))}
          />
        </Form.Item>
      )}
      <Button icon={<PlusOutlined aria-hidden />} loading={saving} onClick={() => void submit()}>
        {DesignerText.add}
      </Button>
    </Form>
  );
}
