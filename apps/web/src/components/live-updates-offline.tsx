import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useSocket } from '@/lib/socket-context';
import { useConnectionState } from '@/lib/use-connection-state';

/** Texts of the customer's offline state (our wording: the specification has only its notice). */
export const LiveUpdatesText = {
  stopped: 'Live updates have stopped: this page no longer changes by itself when your orders do.',
  reconnect: 'Reconnect',
} as const;

/**
 * Stays on screen once the client gave up connecting ('Failed to connect to the server', customer side,
 * section 7, which only a passing notice says), with a way to connect again; connected, what the page
 * shows is read again (see SessionSocket). Nothing is shown while socket.io still tries by itself.
 */
export default function LiveUpdatesOffline() {
  const socket = useSocket();
  const state = useConnectionState(socket);
  if (state !== 'offline') return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={LiveUpdatesText.stopped}
      action={
        <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={() => socket?.connect()}>
          {LiveUpdatesText.reconnect}
        </Button>
      }
      // Kept in sight while the page scrolls: the page it is on has stopped following the orders.
      style={{ position: 'sticky', top: 0, zIndex: 10, marginBottom: 16 }}
    />
  );
}
