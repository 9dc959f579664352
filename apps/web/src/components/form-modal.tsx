import { Alert, Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';

interface FormModalProps<Values> {
  title: ReactNode;
  okText: string;
  cancelText: string;
  /** The save is under way: OK spins, the fields are disabled and the dialog cannot be dismissed. */
  pending: boolean;
  /** The form's name (its fields' ids) and its values when the dialog opens. */
  name: string;
  initialValues?: Partial<Values>;
  /** Called with the values once the fields' rules pass. */
  onSubmit: (values: Values) => void;
  onSubmitFailed?: () => void;
  onClose: () => void;
  /** What is wrong with the values as a whole (or the server's refusal), shown under the fields. */
  problem?: string | null;
  /** The caller's form when it sets fields itself; else the dialog keeps its own. */
  form?: FormInstance<Values>;
  width?: number;
  children: ReactNode;
}

/**
 * A dialog holding one form: OK submits it, Cancel closes. The caller renders it only while open, so a
 * dialog opened again starts from `initialValues` with no leftover input or problem.
 */
export function FormModal<Values extends object>({
  title,
  okText,
  cancelText,
  pending,
  name,
  initialValues,
  onSubmit,
  onSubmitFailed,
  onClose,
  problem,
  form,
  width,
  children,
}: FormModalProps<Values>) {
  const [ownForm] = Form.useForm<Values>();
  const formInstance = form ?? ownForm;
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={cancelText}
      confirmLoading={pending}
      cancelButtonProps={{ disabled: pending }}
      closable={!pending}
      keyboard={!pending}
      mask={{ closable: false }}
      width={width}
      onOk={() => formInstance.submit()}
      onCancel={onClose}
    >
      <Form<Values>
        form={formInstance}
        name={name}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onSubmit}
        onFinishFailed={onSubmitFailed}
        disabled={pending}
      >
        {children}
        {problem && <Alert type="error" showIcon title={problem} />}
      </Form>
    </Modal>
  );
}
