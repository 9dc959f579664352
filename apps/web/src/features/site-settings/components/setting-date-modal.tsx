import { SettingsText, type SystemSetting } from '@retouch/shared/settings';
import { AdminText } from '@retouch/shared/texts';
import { App, DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FormModal } from '@/components/form-modal';
import { errorMessage } from '@/lib/api-client';
import { useUpdateSettingDate } from '../api/update-setting-date';
import { SiteSettingsText, settingLabel } from '../texts';
import { DATE_TIME_FORMAT, toIsoWithOffset } from '../utils/date-time';

interface SettingDateForm {
  data: Dayjs | null;
}

interface SettingDateModalProps {
  setting: SystemSetting;
  onClose: () => void;
}

/**
 * Edits a setting's moment with a date-time picker, or clears it (the picker's clear saves null); it
 * cannot be dismissed while its save runs.
 */
export function SettingDateModal({ setting, onClose }: SettingDateModalProps) {
  const { notification } = App.useApp();
  const updateSetting = useUpdateSettingDate();
  const pending = updateSetting.isPending;

  const save = ({ data }: SettingDateForm) => {
    updateSetting.mutate(
      { name: setting.name, body: { data: data ? toIsoWithOffset(data) : null } },
      {
        onSuccess: () => {
          notification.success({ title: SettingsText.updated });
          onClose();
        },
        onError: (error) =>
          notification.error({
            title: AdminText.error,
            description: errorMessage(error, AdminText.somethingWrong),
          }),
      },
    );
  };

  return (
    <FormModal<SettingDateForm>
      title={`${SiteSettingsText.editTitle}: ${settingLabel(setting.name)}`}
      okText={SiteSettingsText.save}
      cancelText={SiteSettingsText.cancel}
      pending={pending}
      name="setting-date-form"
      initialValues={{ data: setting.data ? dayjs(setting.data) : null }}
      onSubmit={save}
      onClose={onClose}
    >
      <Form.Item label={SiteSettingsText.dateTime} name="data" extra={SiteSettingsText.clearHint}>
        <DatePicker
          allowClear
          showTime={{ format: 'HH:mm' }}
          format={DATE_TIME_FORMAT}
          placeholder={SiteSettingsText.pickDateTime}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </FormModal>
  );
}
