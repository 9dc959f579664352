import { AdminText } from '@retouch/shared/texts';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { FormModal } from '@/components/form-modal';
import { errorMessage } from '@/lib/api-client';
import { useCreateUser } from '../api/create-user';
import { UserManagementText } from '../texts';
import { addUserProblem, registrationBodyOf, type AddUserValues } from '../utils/user-form';

/** Adds a confirmed account (back office section 5, Add user): every field, passwords equal. */
export function AddUserModal({ onClose }: { onClose: () => void }) {
  const { notification } = App.useApp();
  const [problem, setProblem] = useState<string | null>(null);
  const createUser = useCreateUser();

  const save = (values: AddUserValues) => {
    const found = addUserProblem(values);
    setProblem(found);
    if (found) return;
    createUser.mutate(registrationBodyOf(values), {
      onSuccess: ({ message }) => {
        notification.success({ title: message });
        onClose();
      },
      onError: (error) =>
        notification.error({
          title: AdminText.error,
          description: errorMessage(error, AdminText.somethingWrong),
        }),
    });
  };

  return (
    <FormModal<AddUserValues>
      title={UserManagementText.newUser}
      okText={UserManagementText.add}
      cancelText={UserManagementText.cancel}
      pending={createUser.isPending}
      name="add-user"
      onSubmit={save}
      onClose={onClose}
      problem={problem}
    >
      <Form.Item label={UserManagementText.email} name="email">
        <Input type="email" autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item label={UserManagementText.giveName} name="giveName">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label={UserManagementText.familyName} name="familyName">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label={UserManagementText.password} name="password">
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label={UserManagementText.repeatPassword} name="repeatPassword">
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
