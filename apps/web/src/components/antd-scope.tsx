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
 * Room kept at the end of every dialog title, in px: Ant Design lays the close button over the title's
 * line, and on a phone a long title ran under it (issue 36).
 */
export const MODAL_CLOSE_ROOM = 32;
const antdModalConfig = { styles: { title: { paddingInlineEnd: MODAL_CLOSE_ROOM } } };

/**
 * Where notifications start, in px from the top of the window: below the 64 px of both top bars (the
 * back office's and the customer header), so a notice never covers a control it asks for, such as the
 * back office's «Начать смену» (issue 36). The back office's own App inherits it.
 */
const NOTICES_TOP = 64 + 16;
const antdAppNotifications = { top: NOTICES_TOP };

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
      modal={antdModalConfig}
      theme={{ ...accessibleTheme, token: { ...accessibleTheme.token, motion: !reduceMotion } }}
    >
      <App notification={antdAppNotifications}>{children}</App>
    </ConfigProvider>
  );
}
