import { Button, Modal, Typography } from 'antd';
import { EditorText } from '../texts';

interface InsufficientFundsModalProps {
  onBuyTokens: () => void;
  onClose: () => void;
}

/** Sending needs more than 10 tokens; the button leads to the buy-tokens dialog. */
export function InsufficientFundsModal({ onBuyTokens, onClose }: InsufficientFundsModalProps) {
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
      <Typography.Paragraph>{EditorText.insufficientFunds}</Typography.Paragraph>
    </Modal>
  );
}
