import { CustomerText } from '@retouch/shared/texts';
import { AVATAR_FILE_TYPES, avatarFileProblem, nameSchema, type UserInfo } from '@retouch/shared/users';
import { UploadOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Flex, Form, Input, Progress, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { schemaRule } from '@/lib/schema-rule';
import { useChangeInfo } from '../api/change-info';

interface ProfileValues {
  giveName: string;
  familyName: string;
}

// The picker offers the picture types the server takes, by MIME type and by ending.
const AVATAR_ACCEPT = Object.entries(AVATAR_FILE_TYPES).flat(2).join(',');

// The server's schema and texts: filled (spaces alone are not a name) and not too long.
const giveNameRules = [schemaRule(nameSchema.shape.giveName)];
const familyNameRules = [schemaRule(nameSchema.shape.familyName)];

/** Avatar and name; the chosen avatar is sent with the name on Save, with upload progress. */
export function ProfileForm({ user }: { user: UserInfo }) {
  const { notification } = App.useApp();
  const changeInfo = useChangeInfo();
  const [image, setImage] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const preview = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  // Refused at once, before any upload: the system's dialog lets a user pick any file despite `accept`.
  const chooseImage = (file: File) => {
    const problem = avatarFileProblem(file);
    if (problem) notification.error({ title: CustomerText.error, description: problem });
    else setImage(file);
    return false; // keep the file here: it is sent with the form
  };

  const submit = (values: ProfileValues) => {
    if (image) setProgress(0);
    changeInfo.mutate(
      {
        data: { name: { giveName: values.giveName.trim(), familyName: values.familyName.trim() } },
        image,
        onProgress: image ? setProgress : undefined,
      },
      {
        onSuccess: ({ message }) => {
          setImage(null);
          notification.success({ title: CustomerText.success, description: message });
        },
        onError: (error) =>
          notification.error({
            title: CustomerText.error,
            description: errorMessage(error, CustomerText.somethingWrong),
          }),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Form<ProfileValues>
      layout="vertical"
      onFinish={submit}
      initialValues={{ giveName: user.name.giveName, familyName: user.name.familyName }}
    >
      <Flex vertical align="center" gap="small" style={{ marginBottom: 24 }}>
        <Avatar size={96} src={preview ?? user.picture} alt={CustomerText.avatar} />
        <Upload accept={AVATAR_ACCEPT} showUploadList={false} maxCount={1} beforeUpload={chooseImage}>
          <Button icon={<UploadOutlined aria-hidden />}>{CustomerText.chooseAvatar}</Button>
        </Upload>
        {progress !== null && (
          <Progress percent={progress} size="small" style={{ width: 200 }} data-testid="avatar-progress" />
        )}
      </Flex>
      <Form.Item label={CustomerText.firstName} name="giveName" rules={giveNameRules}>
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item label={CustomerText.lastName} name="familyName" rules={familyNameRules}>
        <Input autoComplete="family-name" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={changeInfo.isPending}>
        {CustomerText.save}
      </Button>
    </Form>
  );
}
