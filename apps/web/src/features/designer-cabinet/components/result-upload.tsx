import { DispatchText } from '@retouch/shared/dispatch';
import { AdminText } from '@retouch/shared/texts';
import { SendOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Form, Progress, Typography, Upload } from 'antd';
import { useId, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useObjectUrl } from '@/lib/use-object-url';
import { useCompleteOrder } from '../api/complete-order';
import { useDesignerCabinet } from '../hooks/use-designer-cabinet';
import { DesignerText } from '../texts';

const PREVIEW = { maxWidth: 320, maxHeight: 240 };

/** The result image: chosen, previewed, then sent for review with the upload progress shown. */
export function ResultUpload() {
  const inputId = useId();
  const { handOver } = useDesignerCabinet();
  const { message, notification } = App.useApp();
  const complete = useCompleteOrder();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const preview = useObjectUrl(file);

  const send = () => {
    if (!file) {
      notification.error({ title: AdminText.error, description: DispatchText.imageMissing });
      return;
    }
    setProgress(0);
    complete.mutate(
      { image: file, onProgress: setProgress },
      {
        onSuccess: (answer) => {
          // The upload and the hand-in are one call here: both successes of the specification are said.
          void message.success(DispatchText.resultUploaded);
          void message.success(answer.message);
          handOver();
        },
        onError: (error) => {
          setProgress(null);
          notification.error({
            title: AdminText.error,
            description: errorMessage(error, AdminText.somethingWrong),
          });
        },
      },
    );
  };

  return (
    <Form.Item label={DesignerText.result} htmlFor={inputId}>
      <Flex vertical gap="small" align="start">
        {preview && (
          <img src={preview} alt={DesignerText.resultPreview} style={{ ...PREVIEW, objectFit: 'contain' }} />
        )}
        <Upload
          id={inputId}
          accept="image/*"
          showUploadList={false}
          maxCount={1}
          disabled={complete.isPending}
          beforeUpload={(chosen) => {
            setFile(chosen);
            return false; // kept here: it is sent with the button below
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />}>{DesignerText.chooseResult}</Button>
        </Upload>
        {file && <Typography.Text type="secondary">{file.name}</Typography.Text>}
        {progress !== null && (
          <Progress percent={progress} size="small" aria-label={DesignerText.uploadProgress} />
        )}
        <Button
          type="primary"
          icon={<SendOutlined aria-hidden />}
          loading={complete.isPending}
          onClick={send}
        >
          {DesignerText.send}
        </Button>
      </Flex>
    </Form.Item>
  );
}
