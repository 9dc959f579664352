import type { AdminUser } from '@retouch/shared/admin-users';
import { AdminText } from '@retouch/shared/texts';
import { App, Form, Input, InputNumber, type FormRule } from 'antd';
import { useState } from 'react';
import { FormModal } from '@/components/form-modal';
import { errorMessage } from '@/lib/api-client';
import { useUpdateUser } from '../api/update-user';
import { UserManagementText } from '../texts';
import {
  balanceProblem,
  changeBodyOf,
  editUserProblem,
  editValuesOf,
  type EditUserValues,
} from '../utils/user-form';

const balanceRule = (stored: number): FormRule => ({
  validator: async (_rule, value: number | null) => {
    const problem = balanceProblem(value ?? null, stored);
    if (problem) throw new Error(problem);
  },
});

/**
 * Edits a user (back office section 5, Edit user): the e-mail is read-only, the password is sent only when
 * filled, a changed balance part must be at least 1.
 */
export function EditUserModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { notification } = App.useApp();
  const [problem, setProblem] = useState<string | null>(null);
  const updateUser = useUpdateUser();

  const save = (values: EditUserValues) => {
    const found = editUserProblem(values);
    setProblem(found);
    if (found) return;
    updateUser.mutate(
      { id: user._id, body: changeBodyOf(user, values) },
      {
        onSuccess: ({ message }) => {
          notification.success({ title: message });
          onClose();
        },
        onError: (error) =>
          notification.error({
            title: AdminText.error,
            description: errorMessage(error, AdminText.somethingWrong),
          }),
      },
    );
  };

  return (
    <FormModal<EditUserValues>
      title={UserManagementText.editUser}
      okText={UserManagementText.save}
      cancelText={UserManagementText.cancel}
      pending={updateUser.isPending}
      name="edit-user"
      initialValues={editValuesOf(user)}
      onSubmit={save}
      onClose={onClose}
      problem={problem}
    >
      <Form.Item label={UserManagementText.email}>
        <Input value={user.email} readOnly disabled />
      </Form.Item>
      <Form.Item label={UserManagementText.giveName} name="giveName">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label={UserManagementText.familyName} name="familyName">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={UserManagementText.newPassword}
        name="password"
        extra={UserManagementText.passwordHint}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label={UserManagementText.repeatPassword} name="repeatPassword">
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label={UserManagementText.balanceMain} name="main" rules={[balanceRule(user.balance.main)]}>
        <InputNumber precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        label={UserManagementText.balanceBonus}
        name="bonus"
        rules={[balanceRule(user.balance.bonus)]}
      >
        <InputNumber precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
