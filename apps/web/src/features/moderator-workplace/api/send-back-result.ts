import { messageSchema } from '@retouch/shared/users';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';

interface SendBackInput {
  /** The designer's result with the moderator's marks, as PNG. */
  image: Blob;
  message: string;
  onProgress?: (percent: number) => void;
}

/**
 * `POST /api/admin/orders/review/completed/rejection`, multipart `image` + `data` (JSON {message}):
 * the result goes back to the designer with the marked-up picture and the comment.
 */
function sendBackResult({ image, message, onProgress }: SendBackInput) {
  const body = new FormData();
  // A named File: some FormData implementations drop the name given beside a bare Blob.
  body.append('image', new File([image], 'review.png', { type: 'image/png' }));
  body.append('data', JSON.stringify({ message }));
  return apiUpload('/api/admin/orders/review/completed/rejection', {
    method: 'POST',
    body,
    schema: messageSchema,
    onProgress,
  });
}

export function useSendBackResult() {
  return useMutation({ mutationFn: sendBackResult });
}
