import { Alert } from 'antd';
import type { LoadedPhoto } from '../model/editor-reducer';
import { photoSizeWarning } from '../model/photo-checks';

/**
 * Beside the canvas, while the photo has a side under 400 pixels: the canvas shows it enlarged. A
 * warning, not a refusal: the specification sets no minimum (issue 36, item 7).
 */
export function SmallPhotoWarning({ photo }: { photo: LoadedPhoto }) {
  const warning = photoSizeWarning(photo);
  return warning && <Alert type="warning" showIcon title={warning} data-testid="photo-warning" />;
}
