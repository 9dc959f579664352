import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Typography, Upload, theme } from 'antd';
import { useId } from 'react';
import { useObjectUrl } from '@/lib/use-object-url';
import { CatalogEditorLabel, CatalogEditorText } from '../texts';

interface ImagePickerProps {
  label: string;
  file: File | null;
  /** The stored picture, shown until another file is chosen. */
  currentUrl?: string;
  required: boolean;
  disabled?: boolean;
  onChange: (file: File) => void;
}

const PREVIEW = { width: 160, height: 120 };

/** One picture of a service or option: the file input is labelled, the chosen file previewed. */
export function ImagePicker({ label, file, currentUrl, required, disabled, onChange }: ImagePickerProps) {
  const { token } = theme.useToken();
  const inputId = useId();
  const preview = useObjectUrl(file) ?? (currentUrl || null);
  const box = { ...PREVIEW, borderRadius: token.borderRadius, background: token.colorFillTertiary };

  return (
    <Form.Item label={label} htmlFor={inputId} required={required}>
      <Flex vertical gap="small" align="start">
        {preview ? (
          <img
            src={preview}
            alt={CatalogEditorLabel.preview(label)}
            style={{ ...box, objectFit: 'contain' }}
          />
        ) : (
          <Flex align="center" justify="center" style={box}>
            <PictureOutlined aria-hidden style={{ fontSize: 32, color: token.colorTextQuaternary }} />
          </Flex>
        )}
        <Upload
          id={inputId}
          accept="image/*"
          showUploadList={false}
          maxCount={1}
          disabled={disabled}
          beforeUpload={(chosen) => {
            onChange(chosen);
            return false; // kept here: the file goes with the form
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />} aria-label={CatalogEditorLabel.chooseImage(label)}>
            {CatalogEditorText.chooseImage}
          </Button>
        </Upload>
        {file && (
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: PREVIEW.width }}>
            {file.name}
          </Typography.Text>
        )}
      </Flex>
    </Form.Item>
  );
}
