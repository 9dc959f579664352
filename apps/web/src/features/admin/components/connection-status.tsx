import { ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Typography } from 'antd';
import { useConnectionState } from '@/lib/use-connection-state';
import { useSocket } from '@/lib/socket-context';

/** The connection's state in the back office's top bar (our wording: the specification gives none). */
export const ConnectionText = {
  connected: 'В сети',
  reconnecting: 'Переподключение…',
  offline: 'Нет связи',
  retry: 'Повторить',
} as const;

const BADGE = { connected: 'success', reconnecting: 'processing', offline: 'error' } as const;

/**
 * Says whether the realtime connection lives, so that no one takes a screen that cannot receive orders
 * for a live one; offline (the client gave up) it offers to try again.
 */
export function ConnectionStatus() {
  const socket = useSocket();
  const state = useConnectionState(socket);
  if (state === 'none') return null;
  return (
    <Flex align="center" gap="small" role="status">
      <Badge status={BADGE[state]} />
      <Typography.Text type={state === 'connected' ? 'secondary' : 'danger'}>
        {ConnectionText[state]}
      </Typography.Text>
      {state === 'offline' && (
        <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={() => socket?.connect()}>
          {ConnectionText.retry}
        </Button>
      )}
    </Flex>
  );
}
