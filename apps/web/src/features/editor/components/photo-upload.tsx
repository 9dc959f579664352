import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Progress, Upload } from 'antd';
import { useState, type Dispatch } from 'react';
import type { EditorAction } from '../model/editor-reducer';
import { EditorText } from '../texts';
import { readImageFile } from '../utils/read-image-file';

/** Files from this size on show how far the reading has come. */
const SHOW_PROGRESS_FROM_BYTES = 1024 * 1024;

/** The upload-image button: reads the photo (with progress for big files) and loads it in the editor. */
export function PhotoUpload({ dispatch }: { dispatch: Dispatch<EditorAction> }) {
  const { message } = App.useApp();
  const [progress, setProgress] = useState<number | null>(null);

  const read = async (file: File) => {
    const showProgress = file.size >= SHOW_PROGRESS_FROM_BYTES;
    if (showProgress) setProgress(0);
    try {
      const image = await readImageFile(file, showProgress ? setProgress : undefined);
      dispatch({ type: 'photoLoaded', photo: { file, ...image } });
    } catch {
      void message.error(EditorText.notAnImage);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Flex gap="middle" align="center" wrap data-testid="photo-upload">
      <Upload
        accept="image/*"
        showUploadList={false}
        maxCount={1}
        disabled={progress !== null}
        beforeUpload={(file) => {
          void read(file);
          return false; // the photo stays in the browser until the order is sent
        }}
      >
        <Button type="primary" icon={<UploadOutlined aria-hidden />} loading={progress !== null}>
          {EditorText.uploadImage}
        </Button>
      </Upload>
      {progress !== null && (
        <Progress
          percent={progress}
          size="small"
          style={{ width: 200 }}
          aria-label={EditorText.readingPhoto}
          data-testid="photo-progress"
        />
      )}
    </Flex>
  );
}
