import { changeInfoAnswerSchema, type ChangeInfoData } from '@retouch/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

interface ChangeInfoInput {
  data: ChangeInfoData;
  image: File | null;
  onProgress?: (percent: number) => void;
}

/** `PATCH /api/user/change/info`, multipart: `data` (JSON with the name) and an optional `image`. */
function changeInfo({ data, image, onProgress }: ChangeInfoInput) {
  const body = new FormData();
  // The JSON part goes first so a streaming server has it before the file.
  body.append('data', JSON.stringify(data));
  if (image) body.append('image', image);
  return apiUpload('/api/user/change/info', {
    method: 'PATCH',
    body,
    schema: changeInfoAnswerSchema,
    onProgress,
  });
}

/** Saves the profile; the answer is the updated user, which replaces the cached one, and a message. */
export function useChangeInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeInfo,
    onSuccess: ({ message: _message, ...user }) => queryClient.setQueryData(queryKeys.userInfo, user),
  });
}
