import { Flex, Switch } from 'antd';
import { useId } from 'react';
import { setOrderAlertsEnabled, useOrderAlertsEnabled } from '../stores/order-alerts';
import { askNotificationPermission } from '../utils/order-alert';
import { DesignerText } from '../texts';

/** The top bar's designer-notification toggle: a new order then raises a browser notification and a beep. */
export function OrderAlertsSwitch() {
  const id = useId();
  const enabled = useOrderAlertsEnabled();
  const onChange = (checked: boolean) => {
    if (checked) askNotificationPermission();
    setOrderAlertsEnabled(checked);
  };
  return (
    <Flex align="center" gap="small">
      <Switch id={id} checked={enabled} onChange={onChange} size="small" />
      <label htmlFor={id}>{DesignerText.orderAlerts}</label>
    </Flex>
  );
}
