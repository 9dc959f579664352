import { BREAKPOINTS } from '@retouch/shared/constants';
import { AdminText } from '@retouch/shared/texts';
import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Layout, Popconfirm, Typography, theme } from 'antd';
import { useState, type ReactNode } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';
import { AdminShellText } from '../texts';

/** The phone menu's width: no wider than the narrowest phone (320 px) leaves room for. */
const PHONE_MENU_WIDTH = 'min(320px, 90vw)';
/** Ant Design's height of a layout header, kept as the least: a wrapped bar grows instead of overflowing. */
const TOP_BAR_MIN_HEIGHT = 64;
const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

interface AdminTopBarProps {
  email: string;
  onExit: () => void;
  exiting: boolean;
  /** Controls before the e-mail (the designer-notification toggle, the shift button). */
  actions?: ReactNode;
}

/**
 * The back office's top bar: its title, the controls handed in, the e-mail and the exit. They do not fit
 * a phone (520 px and less, back office section 9): there the bar keeps its title and a menu button, and
 * the rest, the exit with it, opens in a drawer. Wider, the bar grows a line rather than overflow.
 */
export function AdminTopBar({ email, onExit, exiting, actions }: AdminTopBarProps) {
  const { token } = theme.useToken();
  const phone = useMediaQuery(`(max-width: ${BREAKPOINTS.narrow}px)`);
  const [menuOpen, setMenuOpen] = useState(false);

  const exit = (
    <Popconfirm title={AdminText.exitConfirm} onConfirm={onExit}>
      <Button icon={<LogoutOutlined aria-hidden />} loading={exiting}>
        {AdminText.exit}
      </Button>
    </Popconfirm>
  );

  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        paddingInline: phone ? token.paddingSM : token.paddingLG,
        paddingBlock: token.paddingXS,
        height: 'auto',
        minHeight: TOP_BAR_MIN_HEIGHT,
        lineHeight: 'normal',
        display: 'flex',
        alignItems: 'center',
      }}
    >
      <Flex align="center" justify="space-between" gap="middle" style={{ width: '100%', minWidth: 0 }}>
        <Typography.Title level={4} style={{ margin: 0, minWidth: 0, ...oneLine }}>
          {AdminText.panelTitle}
        </Typography.Title>
        {phone ? (
          <Button
            icon={<MenuOutlined aria-hidden />}
            aria-label={AdminShellText.openMenu}
            onClick={() => setMenuOpen(true)}
          />
        ) : (
          <Flex align="center" justify="flex-end" gap="middle" wrap>
            {actions}
            <Typography.Text>{email}</Typography.Text>
            {exit}
          </Flex>
        )}
      </Flex>
      {phone && (
        <Drawer
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          placement="right"
          size={PHONE_MENU_WIDTH}
          title={AdminShellText.openMenu}
        >
          <Flex vertical align="flex-start" gap="large">
            <Typography.Text title={email} style={{ maxWidth: '100%', ...oneLine }}>
              {email}
            </Typography.Text>
            {actions}
            {exit}
          </Flex>
        </Drawer>
      )}
    </Layout.Header>
  );
}
