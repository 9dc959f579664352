import { OrderText } from '@retouch/shared/orders';
import type { Balance } from '@retouch/shared/users';
import { Button, Modal, Typography } from 'antd';
import { useFocusReturn } from '../hooks/use-focus-return';
import { EditorText } from '../texts';

interface InsufficientFundsModalProps {
  /** Null while the user is not known. */
  balance: Balance | null;
  cost: number;
  onBuyTokens: () => void;
  onClose: () => void;
}

/**
 * Sending needs a total balance above 10 that covers the order (the rule and its text are the server's
 * too); the button leads to the buy-tokens dialog.
 */
export function InsufficientFundsModal({ balance, cost, onBuyTokens, onClose }: InsufficientFundsModalProps) {
  useFocusReturn();
  return (
    <Modal
      open
      title={EditorText.insufficientFundsTitle}
      onCancel={onClose}
      footer={
        <Button
          type="primary"
          onClick={() => {
            onClose();
            onBuyTokens();
          }}
        >
          {EditorText.buyTokens}
        </Button>
      }
    >
      <Typography.Paragraph>{OrderText.insufficientFunds}</Typography.Paragraph>
      {balance && (
        <Typography.Paragraph>
          {EditorText.fundsAgainstCost(balance.main + balance.bonus, cost)}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph>{EditorText.buyToContinue}</Typography.Paragraph>
    </Modal>
  );
}
