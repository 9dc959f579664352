import { OrderText } from '@retouch/shared/orders';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Typography, Upload } from 'antd';
import { useId, type Dispatch } from 'react';
import { isFaceImageTooLarge } from '../model/canvas-layout';
import type { EditorAction, FacePhoto } from '../model/editor-reducer';
import { EditorText } from '../texts';
import { readImageFile } from '../utils/read-image-file';

const PREVIEW_WIDTH = 150;

interface FacePhotoUploadProps {
  facePhoto: FacePhoto | null;
  dispatch: Dispatch<EditorAction>;
}

/** The extra face photo a service may need: at most 2000 x 2000, previewed small. */
export function FacePhotoUpload({ facePhoto, dispatch }: FacePhotoUploadProps) {
  const { message } = App.useApp();
  const labelId = useId();

  const choose = async (file: File) => {
    try {
      const image = await readImageFile(file);
      if (isFaceImageTooLarge(image)) {
        URL.revokeObjectURL(image.url);
        void message.error(OrderText.faceImageTooLarge);
        return;
      }
      dispatch({ type: 'facePhotoChosen', facePhoto: { file, url: image.url } });
    } catch {
      void message.error(EditorText.notAnImage);
    }
  };

  return (
    <Flex vertical gap="small" role="group" aria-labelledby={labelId} data-testid="face-photo-upload">
      <Typography.Text strong id={labelId}>
        {EditorText.facePhoto}
      </Typography.Text>
      {facePhoto && (
        <img
          src={facePhoto.url}
          alt={EditorText.facePhotoPreview}
          width={PREVIEW_WIDTH}
          style={{ borderRadius: 8 }}
        />
      )}
      <Upload
        accept="image/*"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          void choose(file);
          return false; // kept here: the file goes with the order
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />}>{EditorText.chooseFacePhoto}</Button>
      </Upload>
    </Flex>
  );
}
