import { AdminUsersText, roleTitleSchema } from '@retouch/shared/admin-users';
import { AdminText } from '@retouch/shared/texts';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import { errorMessage } from '@/lib/api-client';
import { schemaRule } from '@/lib/schema-rule';
import { useCreateRole } from '../api/create-role';
import { RolesText } from '../texts';

interface CreateRoleValues {
  title: string;
}

/** Creates a role by name (back office section 5, Role name): trimmed, 2 to 31 characters. */
export function CreateRoleForm() {
  const { notification } = App.useApp();
  const [form] = Form.useForm<CreateRoleValues>();
  const createRole = useCreateRole();

  const save = ({ title }: CreateRoleValues) =>
    createRole.mutate(
      { title: title.trim() },
      {
        onSuccess: () => {
          notification.success({ title: AdminUsersText.roleCreated });
          form.resetFields();
        },
        onError: (error) =>
          notification.error({
            title: AdminText.error,
            description: errorMessage(error, AdminText.somethingWrong),
          }),
      },
    );

  return (
    <Form<CreateRoleValues>
      form={form}
      name="create-role"
      layout="inline"
      initialValues={{ title: '' }}
      onFinish={save}
      disabled={createRole.isPending}
    >
      <Form.Item
        label={RolesText.roleName}
        name="title"
        rules={[schemaRule(roleTitleSchema)]}
        validateTrigger="onSubmit"
      >
        <Input autoComplete="off" style={{ width: 260 }} />
      </Form.Item>
      <Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<PlusOutlined aria-hidden />}
          loading={createRole.isPending}
        >
          {RolesText.createRole}
        </Button>
      </Form.Item>
    </Form>
  );
}
