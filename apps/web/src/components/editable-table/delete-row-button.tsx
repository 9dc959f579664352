import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tooltip } from 'antd';

interface DeleteRowButtonProps {
  /** What the confirmation asks. */
  question: string;
  onConfirm: () => unknown;
  /** The confirmation's own buttons; given, its OK is red like the delete. */
  confirmTexts?: { ok: string; cancel: string };
  /** Accessible name of an icon-only button; without it the button shows `text`. */
  ariaLabel?: string;
  text?: string;
  loading?: boolean;
  disabled?: boolean;
  /** Why a disabled button cannot delete, on hover. */
  disabledHint?: string;
}

/** A row's delete button that asks first; a promise from `onConfirm` keeps the confirmation spinning. */
export function DeleteRowButton({
  question,
  onConfirm,
  confirmTexts,
  ariaLabel,
  text,
  loading,
  disabled = false,
  disabledHint,
}: DeleteRowButtonProps) {
  const button = (
    <Button
      danger
      icon={<DeleteOutlined aria-hidden />}
      aria-label={ariaLabel}
      loading={loading}
      disabled={disabled}
    >
      {text}
    </Button>
  );
  if (disabled && disabledHint) return <Tooltip title={disabledHint}>{button}</Tooltip>;
  return (
    <Popconfirm
      title={question}
      okText={confirmTexts?.ok}
      cancelText={confirmTexts?.cancel}
      okButtonProps={confirmTexts ? { danger: true } : undefined}
      disabled={disabled}
      onConfirm={onConfirm}
    >
      {button}
    </Popconfirm>
  );
}
