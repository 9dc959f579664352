import type { ModalProps } from 'antd';
import { CatalogEditorText } from '../texts';

/** The props every form dialog of the editor shares: it cannot be dismissed while its save runs. */
export function formModalProps(pending: boolean): ModalProps {
  return {
    open: true,
    cancelText: CatalogEditorText.cancel,
    confirmLoading: pending,
    cancelButtonProps: { disabled: pending },
    closable: !pending,
    keyboard: !pending,
    mask: { closable: false },
  };
}
