import { NotificationText } from '@retouch/shared/notifications';
import { CustomerText } from '@retouch/shared/texts';
import { App, Card, Flex, Switch, Typography } from 'antd';
import { useId, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import {
  setBrowserNotificationsChosen,
  useBrowserNotificationsChosen,
} from '../stores/browser-notifications';
import {
  askPermission,
  canNotify,
  notificationsAllowed,
  subscribeToPush,
  unsubscribeFromPush,
} from '../utils/browser-notifications';

/** The profile's notification switches: e-mails about the orders, and this browser's notifications. */
export function NotificationSettings() {
  return (
    <Card title={NotificationText.settingsTitle} style={{ width: '100%', maxWidth: 480, margin: '0 auto' }}>
      <Flex vertical gap="large">
        <OrderEmailsSwitch />
        <BrowserNotificationsSwitch />
      </Flex>
    </Card>
  );
}

function SettingRow(props: {
  label: string;
  hint: string;
  checked: boolean;
  loading: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <Flex vertical gap={4}>
      <Flex gap="small" align="center">
        <Switch
          id={id}
          checked={props.checked}
          loading={props.loading}
          disabled={props.disabled}
          onChange={props.onChange}
        />
        <label htmlFor={id}>{props.label}</label>
      </Flex>
      <Typography.Text type="secondary">{props.hint}</Typography.Text>
    </Flex>
  );
}

function OrderEmailsSwitch() {
  const { notification } = App.useApp();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const onChange = (orderEmails: boolean) =>
    update.mutate(
      { orderEmails },
      {
        onError: (error) =>
          notification.error({
            title: CustomerText.error,
            description: errorMessage(error, CustomerText.somethingWrong),
          }),
      },
    );
  return (
    <SettingRow
      label={NotificationText.orderEmails}
      hint={NotificationText.orderEmailsHint}
      checked={update.isPending ? update.variables.orderEmails : (settings.data?.orderEmails ?? false)}
      loading={settings.isPending || update.isPending}
      disabled={settings.isError}
      onChange={onChange}
    />
  );
}

function BrowserNotificationsSwitch() {
  const { notification } = App.useApp();
  const chosen = useBrowserNotificationsChosen();
  const [busy, setBusy] = useState(false);
  const supported = canNotify();

  const turnOn = async () => {
    if (!(await askPermission())) {
      notification.warning({ title: CustomerText.warning, description: NotificationText.browserBlocked });
      return;
    }
    // Notifications from an open tab work from here on; the push (no tab open) may still fail.
    setBrowserNotificationsChosen(true);
    try {
      await subscribeToPush();
      notification.success({
        title: NotificationText.browserNotifications,
        description: NotificationText.pushReady,
      });
    } catch (error) {
      console.warn('Web Push could not be set up', error);
      notification.info({
        title: NotificationText.browserNotifications,
        description: NotificationText.pushUnavailable,
      });
    }
  };
  const turnOff = async () => {
    setBrowserNotificationsChosen(false);
    await unsubscribeFromPush();
  };
  const onChange = (checked: boolean) => {
    setBusy(true);
    void (checked ? turnOn() : turnOff()).finally(() => setBusy(false));
  };

  return (
    <SettingRow
      label={NotificationText.browserNotifications}
      hint={supported ? NotificationText.browserNotificationsHint : NotificationText.browserUnsupported}
      checked={chosen && notificationsAllowed()}
      loading={busy}
      disabled={!supported}
      onChange={onChange}
    />
  );
}
