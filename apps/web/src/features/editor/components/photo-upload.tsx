import { OrderPhotoText } from '@retouch/shared/order-photos';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Progress, Typography, Upload } from 'antd';
import { useId, useState, type Dispatch, type Ref } from 'react';
import type { EditorAction, LoadedPhoto } from '../model/editor-reducer';
import { ACCEPTED_PHOTO_TYPES, photoSizeProblem } from '../model/photo-checks';
import { EditorText } from '../texts';
import { ReturnFocus } from './return-focus';
import { checkedFileProblem, readImageFile } from '../utils/read-image-file';

/** Files from this size on show how far the reading has come. */
const SHOW_PROGRESS_FROM_BYTES = 1024 * 1024;

interface PhotoUploadProps {
  dispatch: Dispatch<EditorAction>;
  /** Persons are marked or services chosen on the current photo: a new one asks first. */
  askBeforeReplacing: boolean;
  /** The upload button, for whoever sends the focus there. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * The upload-image button with the photo's limits beside it. A photo is checked as it is chosen:
 * its size and type before it is read, its pixel count once decoded; a refused one says why, with the
 * limit. A small one is taken (the editor warns of it, `SmallPhotoWarning`). It replaces a photo with
 * marks on it only once the customer agrees.
 */
export function PhotoUpload({ dispatch, askBeforeReplacing, buttonRef }: PhotoUploadProps) {
  const limitsId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A photo read and checked, waiting for the customer's yes to replace the marked one.
  const [replacing, setReplacing] = useState<LoadedPhoto | null>(null);

  const read = async (file: File) => {
    const showProgress = file.size >= SHOW_PROGRESS_FROM_BYTES;
    if (showProgress) setProgress(0);
    try {
      return await readImageFile(file, showProgress ? setProgress : undefined);
    } catch {
      setProblem(EditorText.notAnImage);
      return null;
    } finally {
      setProgress(null);
    }
  };

  const choose = async (file: File) => {
    setProblem(null);
    const refused = await checkedFileProblem(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    const image = await read(file);
    if (!image) return;
    const tooLarge = photoSizeProblem(image);
    if (tooLarge) {
      URL.revokeObjectURL(image.url);
      setProblem(tooLarge);
      return;
    }
    const photo = { file, ...image };
    if (askBeforeReplacing) setReplacing(photo);
    else dispatch({ type: 'photoLoaded', photo });
  };

  return (
    <Flex vertical gap="small" data-testid="photo-upload">
      <Flex gap="middle" align="center" wrap>
        <Upload
          accept={ACCEPTED_PHOTO_TYPES}
          showUploadList={false}
          maxCount={1}
          disabled={progress !== null}
          beforeUpload={(file) => {
            void choose(file);
            return false; // the photo stays in the browser until the order is sent
          }}
        >
          <Button
            ref={buttonRef}
            type="primary"
            icon={<UploadOutlined aria-hidden />}
            loading={progress !== null}
            aria-describedby={limitsId}
          >
            {EditorText.uploadImage}
          </Button>
        </Upload>
        <Typography.Text type="secondary" id={limitsId}>
          {OrderPhotoText.limits}
        </Typography.Text>
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
      {problem && <Alert type="error" showIcon title={problem} data-testid="photo-problem" />}
      {replacing && (
        <ReturnFocus>
          <Modal
            open
            title={EditorText.replaceTitle}
            okText={EditorText.replaceConfirm}
            cancelText={EditorText.cancel}
            onOk={() => {
              dispatch({ type: 'photoLoaded', photo: replacing });
              setReplacing(null);
            }}
            onCancel={() => {
              URL.revokeObjectURL(replacing.url);
              setReplacing(null);
            }}
          >
            <Typography.Paragraph>{EditorText.replaceText}</Typography.Paragraph>
          </Modal>
        </ReturnFocus>
      )}
    </Flex>
  );
}
