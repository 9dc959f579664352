import type { PublicService } from '@retouch/shared/catalog';
import {
  MAX_PROFILE_CHECKLIST_ITEMS,
  MAX_PROFILE_CHECKLIST_ITEM_LENGTH,
  MAX_PROFILE_NAME_LENGTH,
  MAX_PROFILE_NOTES_LENGTH,
  PersonProfileText,
  personProfileInputSchema,
  profileChecklistItemSchema,
  type PersonProfile,
  type PersonProfileInput,
} from '@retouch/shared/person-profiles';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Select } from 'antd';
import { FormModal } from '@/components/form-modal';
import { schemaRule } from '@/lib/schema-rule';
import { toFormValues, toProfileInput, type ProfileFormValues } from '../model/profile-form';

interface PersonProfileFormProps {
  /** The profile changed, or null for a new one. */
  profile: PersonProfile | null;
  services: readonly PublicService[];
  pending: boolean;
  problem: string | null;
  onSubmit: (body: PersonProfileInput) => void;
  onClose: () => void;
}

const { shape } = personProfileInputSchema;

/** The dialog of one profile: its name, notes, checklist and default services with their degrees and option. */
export function PersonProfileForm({
  profile,
  services,
  pending,
  problem,
  onSubmit,
  onClose,
}: PersonProfileFormProps) {
  const [form] = Form.useForm<ProfileFormValues>();
  const chosenIds = Form.useWatch('serviceIds', form) ?? [];
  const chosen = services.filter((service) => chosenIds.includes(service._id));
  return (
    <FormModal<ProfileFormValues>
      title={profile ? profile.name : PersonProfileText.add}
      okText={PersonProfileText.save}
      cancelText={PersonProfileText.cancel}
      pending={pending}
      name="person-profile"
      form={form}
      initialValues={toFormValues(profile, services)}
      onSubmit={(values) => onSubmit(toProfileInput(values))}
      onClose={onClose}
      problem={problem}
    >
      <Form.Item name="name" label={PersonProfileText.name} rules={[schemaRule(shape.name)]}>
        <Input
          placeholder={PersonProfileText.namePlaceholder}
          maxLength={MAX_PROFILE_NAME_LENGTH}
          showCount
        />
      </Form.Item>
      <Form.Item name="notes" label={PersonProfileText.notes} rules={[schemaRule(shape.notes)]}>
        <Input.TextArea rows={3} maxLength={MAX_PROFILE_NOTES_LENGTH} showCount />
      </Form.Item>
      <ChecklistField />
      <Form.Item name="serviceIds" label={PersonProfileText.services}>
        <Select
          mode="multiple"
          allowClear
          placeholder={PersonProfileText.servicesPlaceholder}
          optionFilterProp="label"
          options={services.map((service) => ({ value: service._id, label: service.title.user }))}
        />
      </Form.Item>
      {chosen.map((service) => (
        <ServiceChoices key={service._id} service={service} />
      ))}
    </FormModal>
  );
}

function ChecklistField() {
  return (
    <Form.Item label={PersonProfileText.checklist} required={false}>
      <Form.List name="checklist">
        {(fields, { add, remove }) => (
          <Flex vertical gap="small">
            {fields.map((field, index) => (
              <Flex key={field.key} gap="small" align="baseline">
                <Form.Item name={field.name} noStyle rules={[schemaRule(profileChecklistItemSchema)]}>
                  <Input
                    aria-label={`${PersonProfileText.checklist} ${index + 1}`}
                    placeholder={PersonProfileText.checklistPlaceholder}
                    maxLength={MAX_PROFILE_CHECKLIST_ITEM_LENGTH}
                  />
                </Form.Item>
                <Button
                  type="text"
                  aria-label={PersonProfileText.removeItem}
                  icon={<MinusCircleOutlined aria-hidden />}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            {fields.length < MAX_PROFILE_CHECKLIST_ITEMS && (
              <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => add('')}>
                {PersonProfileText.addItem}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** A chosen service's degree (several for a multi-degree service) and option, where it offers them. */
function ServiceChoices({ service }: { service: PublicService }) {
  const title = service.title.user;
  return (
    <>
      {service.degreeAction.length > 0 && (
        <Form.Item name={['degrees', service._id]} label={PersonProfileText.degree(title)}>
          <Select
            mode={service.multiDegree ? 'multiple' : undefined}
            allowClear
            options={service.degreeAction.map((degree) => ({ value: degree._id, label: degree.title.user }))}
          />
        </Form.Item>
      )}
      {service.optional.length > 0 && (
        <Form.Item name={['options', service._id]} label={PersonProfileText.option(title)}>
          <Select
            allowClear
            placeholder={PersonProfileText.noOption}
            options={service.optional.map((option) => ({ value: option._id, label: option.title.user }))}
          />
        </Form.Item>
      )}
    </>
  );
}
