import { OrderText } from '@retouch/shared/orders';
import { App, Statistic } from 'antd';
import { useState } from 'react';
import { EditorText } from '../texts';

/**
 * Counts down to now + the order's minutes and says 'Time is up' at the end. The parent keys it by
 * the minutes, so a change of services starts it again.
 */
export function ExecutionTimer({ minutes }: { minutes: number }) {
  const { message } = App.useApp();
  const [deadline] = useState(() => Date.now() + minutes * 60_000);
  return (
    <Statistic.Timer
      type="countdown"
      title={EditorText.readyIn}
      value={deadline}
      format="HH:mm:ss"
      onFinish={() => void message.warning(OrderText.timeIsUp)}
    />
  );
}
