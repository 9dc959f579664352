import { messageSchema } from '@retouch/shared/users';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';

interface CompleteOrderInput {
  image: File;
  onProgress?: (percent: number) => void;
}

/** `POST /api/admin/orders/executor/completed`, multipart `image`: the result goes to review. */
function completeOrder({ image, onProgress }: CompleteOrderInput) {
  const body = new FormData();
  body.append('image', image);
  return apiUpload('/api/admin/orders/executor/completed', {
    method: 'POST',
    body,
    schema: messageSchema,
    onProgress,
  });
}

export function useCompleteOrder() {
  return useMutation({ mutationFn: completeOrder });
}
