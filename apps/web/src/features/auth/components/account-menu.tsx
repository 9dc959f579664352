import { isStaffRole } from '@retouch/shared/permissions';
import { CustomerText } from '@retouch/shared/texts';
import { DownOutlined, GiftOutlined, WalletOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, Flex, Spin, Tag, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@/lib/session/use-session';
import { useLogout } from '../api/logout';

interface AccountMenuProps {
  vertical?: boolean;
  /** Makes the balances a button (the header opens the buy-tokens dialog with it). */
  onBalanceClick?: () => void;
  /** Shown after the balances (the header's plus button buying tokens). */
  balanceAction?: ReactNode;
  /** What the exit clears on this device besides the session (the editor draft). */
  forgetOnLogout: () => Promise<void>;
}

/** The logged-in block of the header: e-mail, balances and the account menu. */
export function AccountMenu({
  vertical = false,
  onBalanceClick,
  balanceAction,
  forgetOnLogout,
}: AccountMenuProps) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const logout = useLogout(forgetOnLogout);

  if (isLoading) return <Spin size="small" />;
  if (!user) return null;

  const items: MenuProps['items'] = [
    { key: 'profile', label: CustomerText.profile, onClick: () => void navigate('/profile') },
    { key: 'history', label: CustomerText.history, onClick: () => void navigate('/history') },
    ...(isStaffRole(user.role.title)
      ? [{ key: 'admin', label: CustomerText.admin, onClick: () => void navigate('/admin') }]
      : []),
    { type: 'divider' },
    {
      key: 'exit',
      label: CustomerText.exit,
      danger: true,
      onClick: () => {
        modal.confirm({ title: CustomerText.areYouSure, onOk: () => logout.mutate() });
      },
    },
  ];

  const balances = (
    <>
      <Tag icon={<WalletOutlined aria-hidden />} variant="outlined">
        {CustomerText.mainBalance}: <span data-testid="balance-main">{user.balance.main}</span>
      </Tag>
      <Tag icon={<GiftOutlined aria-hidden />} color="gold">
        {CustomerText.bonusBalance}: <span data-testid="balance-bonus">{user.balance.bonus}</span>
      </Tag>
    </>
  );

  return (
    <Flex gap="small" align={vertical ? 'flex-start' : 'center'} vertical={vertical} wrap>
      <Flex gap="small" align="center">
        {onBalanceClick ? (
          <Button type="text" onClick={onBalanceClick} style={{ height: 'auto', paddingInline: 4 }}>
            {balances}
          </Button>
        ) : (
          balances
        )}
        {balanceAction}
      </Flex>
      {/* A long e-mail is cut with an ellipsis, never pushed past a phone's drawer (issue 19). */}
      <Flex gap="small" align="center" style={{ maxWidth: '100%', minWidth: 0 }}>
        <Avatar src={user.picture} alt="" size="small" style={{ flexShrink: 0 }} />
        <Dropdown menu={{ items }} trigger={['click']}>
          <Button type="text" title={user.email} style={{ maxWidth: '100%', minWidth: 0 }}>
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{user.email}</span>
            <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      </Flex>
    </Flex>
  );
}
