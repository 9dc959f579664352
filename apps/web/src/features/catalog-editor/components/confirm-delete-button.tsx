import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { CatalogEditorText } from '../texts';

interface ConfirmDeleteButtonProps {
  /** What the confirmation asks. */
  question: string;
  /** Accessible name of an icon-only button; without it the button shows `text`. */
  ariaLabel?: string;
  text?: string;
  onConfirm: () => Promise<unknown>;
}

/** A delete button that asks first; the confirmation's button spins until `onConfirm` settles. */
export function ConfirmDeleteButton({ question, ariaLabel, text, onConfirm }: ConfirmDeleteButtonProps) {
  return (
    <Popconfirm
      title={question}
      okText={CatalogEditorText.delete}
      cancelText={CatalogEditorText.cancel}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button danger icon={<DeleteOutlined aria-hidden />} aria-label={ariaLabel}>
        {text}
      </Button>
    </Popconfirm>
  );
}
