import { Drawer, Flex } from 'antd';
import type { ReactNode } from 'react';

interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** The mobile header's drawer (a lazy chunk: the header itself is plain HTML). */
export default function NavDrawer({ open, onClose, children }: NavDrawerProps) {
  return (
    <Drawer open={open} onClose={onClose} placement="right">
      <Flex vertical gap="large">
        {children}
      </Flex>
    </Drawer>
  );
}
