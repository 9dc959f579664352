import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { DraftStatus } from '../hooks/use-editor-draft';
import { EditorText } from '../texts';
import { ReturnFocus } from './return-focus';

const STATUS_TEXT: Record<DraftStatus, string | null> = {
  idle: null,
  saving: EditorText.draftSaving,
  saved: EditorText.draftSaved,
  failed: EditorText.draftNotSaved,
};

interface DraftBarProps {
  status: DraftStatus;
  onDiscard: () => void;
  /** What has the focus once the draft, and this bar with it, is gone. */
  focusAfterDiscard: () => HTMLElement | null;
}

/** Where the draft stands on this device, and 'Start over', which discards it once confirmed. */
export function DraftBar({ status, onDiscard, focusAfterDiscard }: DraftBarProps) {
  const [asking, setAsking] = useState(false);
  const text = STATUS_TEXT[status];
  return (
    <Flex gap="small" align="center" wrap data-testid="draft-bar">
      <Typography.Text
        type={status === 'failed' ? 'warning' : 'secondary'}
        role="status"
        data-testid="draft-status"
      >
        {text}
      </Typography.Text>
      <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={() => setAsking(true)}>
        {EditorText.startOver}
      </Button>
      {asking && (
        <ReturnFocus fallback={focusAfterDiscard}>
          <Modal
            open
            title={EditorText.discardTitle}
            okText={EditorText.discardConfirm}
            okButtonProps={{ danger: true }}
            cancelText={EditorText.cancel}
            onOk={() => {
              setAsking(false);
              onDiscard();
            }}
            onCancel={() => setAsking(false)}
          >
            <Typography.Paragraph>{EditorText.discardText}</Typography.Paragraph>
          </Modal>
        </ReturnFocus>
      )}
    </Flex>
  );
}
