import { EtaText } from '@retouch/shared/eta';
import { Typography } from 'antd';
import dayjs from 'dayjs';

/** The time of day an estimate names; with the date when it is not today. */
export function formatEta(eta: string, now = new Date()): string {
  const at = dayjs(eta);
  return at.isSame(now, 'day') ? at.format('HH:mm') : at.format('D MMM, HH:mm');
}

/** 'Result expected by 14:35', or why there is no estimate yet (`short`: in a table cell or a card). */
export function EtaTime({ eta, short = false }: { eta: string | null; short?: boolean }) {
  if (!eta) {
    return (
      <Typography.Text type="secondary">
        {short ? EtaText.noDesignerShort : EtaText.noDesigner}
      </Typography.Text>
    );
  }
  return (
    <Typography.Text>
      <time dateTime={eta}>{EtaText.expectedBy(formatEta(eta))}</time>
    </Typography.Text>
  );
}
