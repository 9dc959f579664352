import { OrderPhotoText } from '@retouch/shared/order-photos';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography, Upload } from 'antd';
import { useId, useState, type Dispatch } from 'react';
import type { EditorAction, FacePhoto } from '../model/editor-reducer';
import { ACCEPTED_PHOTO_TYPES, faceSizeProblem } from '../model/photo-checks';
import { EditorText } from '../texts';
import { checkedFileProblem, readImageFile } from '../utils/read-image-file';

const PREVIEW_WIDTH = 150;

interface FacePhotoUploadProps {
  facePhoto: FacePhoto | null;
  dispatch: Dispatch<EditorAction>;
}

/** The extra face photo a service may need: its limits said first, checked as chosen, previewed small. */
export function FacePhotoUpload({ facePhoto, dispatch }: FacePhotoUploadProps) {
  const labelId = useId();
  const limitsId = useId();
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File) => {
    setProblem(null);
    const refused = await checkedFileProblem(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    try {
      const image = await readImageFile(file);
      const tooLarge = faceSizeProblem(image);
      if (tooLarge) {
        URL.revokeObjectURL(image.url);
        setProblem(tooLarge);
        return;
      }
      dispatch({ type: 'facePhotoChosen', facePhoto: { file, url: image.url } });
    } catch {
      setProblem(EditorText.notAnImage);
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
      <Flex gap="middle" align="center" wrap>
        <Upload
          accept={ACCEPTED_PHOTO_TYPES}
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            void choose(file);
            return false; // kept here: the file goes with the order
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />} aria-describedby={limitsId}>
            {EditorText.chooseFacePhoto}
          </Button>
        </Upload>
        <Typography.Text type="secondary" id={limitsId}>
          {OrderPhotoText.faceLimits}
        </Typography.Text>
      </Flex>
      {problem && <Alert type="error" showIcon title={problem} />}
    </Flex>
  );
}
