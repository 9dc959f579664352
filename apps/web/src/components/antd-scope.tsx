import { LoadingOutlined } from '@ant-design/icons';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import type { ReactNode } from 'react';
import { useReducedMotion } from '@/lib/use-reduced-motion';
import { accessibleTheme } from './theme';

// A button's own loading icon leaves with a width transition that does not always end (a loading
// shorter than the transition), and stays in the button's accessible name ("loading Pay"). An icon
// of our own is shown and removed at once.
export const antdButtonConfig = { loadingIcon: <LoadingOutlined /> };

/**
 * Ant Design's theme and the notification, message and modal context the whole app shares, back office
 * included (its ConfigProvider inherits the theme). Its colours reach WCAG 2.1 AA contrast (./theme.ts).
 * A user who asked for reduced motion gets no motion: dialogs, drawers and messages appear and go at
 * once (a control that zooms in also moves under a pointer aiming at it).
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const reduceMotion = useReducedMotion();
  return (
    <ConfigProvider
      locale={enUS}
      button={antdButtonConfig}
      theme={{ ...accessibleTheme, token: { ...accessibleTheme.token, motion: !reduceMotion } }}
    >
      <App>{children}</App>
    </ConfigProvider>
  );
}
