import { Modal, Progress, Typography } from 'antd';
import { EditorText } from '../texts';

interface ConfirmSendModalProps {
  cost: number;
  minutes: number;
  /** The upload's percentage while sending, null before. */
  progress: number | null;
  onSend: () => void;
  onClose: () => void;
}

/** The last step before sending: cost and time, then the upload's progress. */
export function ConfirmSendModal({ cost, minutes, progress, onSend, onClose }: ConfirmSendModalProps) {
  const sending = progress !== null;
  return (
    <Modal
      open
      title={EditorText.confirmTitle}
      okText={EditorText.confirmSend}
      cancelText={EditorText.cancel}
      onOk={onSend}
      onCancel={onClose}
      confirmLoading={sending}
      cancelButtonProps={{ disabled: sending }}
      closable={!sending}
      keyboard={!sending}
      mask={{ closable: !sending }}
    >
      <Typography.Paragraph>{EditorText.confirmCost(cost)}</Typography.Paragraph>
      <Typography.Paragraph>{EditorText.confirmTime(minutes)}</Typography.Paragraph>
      {sending && <Progress percent={progress} aria-label={EditorText.sending} data-testid="send-progress" />}
    </Modal>
  );
}
