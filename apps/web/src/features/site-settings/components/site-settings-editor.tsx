import { hasPermission, PermissionSign } from '@retouch/shared/permissions';
import type { SystemSetting } from '@retouch/shared/settings';
import { AdminText } from '@retouch/shared/texts';
import { EditOutlined } from '@ant-design/icons';
import { Button, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { EditableTable } from '@/components/editable-table/editable-table';
import { useSession } from '@/lib/session/use-session';
import { useSystemSettings } from '../api/get-system-settings';
import { isEditableSetting } from '../api/update-setting-date';
import { SettingRowLabel, SiteSettingsText, settingLabel } from '../texts';
import { formatSettingDate } from '../utils/date-time';
import { SettingDateModal } from './setting-date-modal';

/**
 * /admin/site-settings (back office section 2, Site settings): each setting's name and moment, shown in
 * local time; the edit button (a date-time dialog) is enabled only with the editSite permission.
 */
export function SiteSettingsEditor() {
  const { permissions } = useSession();
  const settings = useSystemSettings();
  const [editing, setEditing] = useState<SystemSetting | null>(null);
  const canEdit = hasPermission(permissions, PermissionSign.editSite);

  const editButton = (setting: SystemSetting) => {
    const editable = canEdit && isEditableSetting(setting.name);
    const button = (
      <Button
        icon={<EditOutlined aria-hidden />}
        aria-label={SettingRowLabel.edit(setting.name)}
        disabled={!editable}
        onClick={() => setEditing(setting)}
      />
    );
    if (editable) return button;
    return (
      <Tooltip title={canEdit ? SiteSettingsText.notEditable : SiteSettingsText.editNeedsRight}>
        <span>{button}</span>
      </Tooltip>
    );
  };

  const columns: TableColumnsType<SystemSetting> = [
    { key: 'name', title: SiteSettingsText.name, render: (_, setting) => settingLabel(setting.name) },
    {
      key: 'data',
      title: SiteSettingsText.value,
      render: (_, setting) =>
        formatSettingDate(setting.data) ?? (
          <Typography.Text type="secondary">{SiteSettingsText.unset}</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: SiteSettingsText.actions,
      width: 120,
      render: (_, setting) => editButton(setting),
    },
  ];

  return (
    <EditableTable<SystemSetting>
      title={AdminText.menuSiteSettings}
      list={settings}
      columns={columns}
      texts={{ loading: SiteSettingsText.loading, empty: SiteSettingsText.empty }}
      skeletonRows={2}
      dialog={editing && <SettingDateModal setting={editing} onClose={() => setEditing(null)} />}
      tableUnderDialog
    />
  );
}
