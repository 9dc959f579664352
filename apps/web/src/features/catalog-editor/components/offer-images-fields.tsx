import type { Pictures } from '@retouch/shared/catalog';
import { Col, Progress, Row } from 'antd';
import type { OfferImages } from '../api/offer-multipart';
import { CatalogEditorText } from '../texts';
import { ImagePicker } from './image-picker';

interface OfferImagesFieldsProps {
  images: OfferImages;
  /** The stored pictures when editing. */
  current?: Pictures;
  required: boolean;
  disabled: boolean;
  /** Upload progress in percent while the pictures are being sent. */
  progress: number | null;
  onChange: (images: OfferImages) => void;
}

/** The main, before and after pictures of a service or an option, with the upload progress. */
export function OfferImagesFields({
  images,
  current,
  required,
  disabled,
  progress,
  onChange,
}: OfferImagesFieldsProps) {
  const pickers = [
    { part: 'image', label: CatalogEditorText.mainImage, url: current?.picture },
    { part: 'before', label: CatalogEditorText.beforeImage, url: current?.pictureBefore },
    { part: 'after', label: CatalogEditorText.afterImage, url: current?.pictureAfter },
  ] as const;
  return (
    <>
      <Row gutter={16}>
        {pickers.map(({ part, label, url }) => (
          <Col key={part} xs={24} sm={8}>
            <ImagePicker
              label={label}
              file={images[part]}
              currentUrl={url}
              required={required}
              disabled={disabled}
              onChange={(file) => onChange({ ...images, [part]: file })}
            />
          </Col>
        ))}
      </Row>
      {progress !== null && (
        <Progress
          percent={progress}
          aria-label={CatalogEditorText.uploadProgress}
          data-testid="upload-progress"
        />
      )}
    </>
  );
}

/** True when the three pictures are chosen. */
export function hasAllImages(images: OfferImages): boolean {
  return images.image !== null && images.before !== null && images.after !== null;
}

/** True when at least one picture is chosen. */
export function hasAnyImage(images: OfferImages): boolean {
  return images.image !== null || images.before !== null || images.after !== null;
}
