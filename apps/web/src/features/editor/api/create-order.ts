import { createdOrderSchema, type OrderSubmit } from '@retouch/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useSendAttempt } from '@/lib/send-attempt';

export interface CreateOrderInput {
  data: OrderSubmit;
  original: File;
  /** The canvas snapshot with the markers. */
  draft: Blob;
  additional: File | null;
  onProgress?: (percent: number) => void;
}

/** `POST /api/orders/create`, multipart: `data` (JSON), `original`, `draft` and the optional `additional`. */
function createOrder(
  { data, original, draft, additional, onProgress }: CreateOrderInput,
  idempotencyKey?: string,
) {
  const body = new FormData();
  // The JSON part goes first so a streaming server has it before the files.
  body.append('data', JSON.stringify(data));
  body.append('original', original, original.name);
  body.append('draft', draft, draft.type === 'image/png' ? 'draft.png' : 'draft.jpg');
  if (additional) body.append('additional', additional, additional.name);
  return apiUpload('/api/orders/create', { body, schema: createdOrderSchema, onProgress, idempotencyKey });
}

/** The order as a send attempt tells it: its choices and its photos (by name and size, as the draft restores them). */
function sendParts({ data, original, additional }: CreateOrderInput): string[] {
  const file = (photo: File | null) => (photo ? `${photo.name}|${photo.size}` : '');
  return [JSON.stringify(data), file(original), file(additional)];
}

/**
 * Sends an order, then reloads the orders (it is listed) and the user (the balance fell). The same order
 * (same data and photos) sent again after no answer carries the same Idempotency-Key: it is made once,
 * also when the page was reloaded in between (the draft brings the order back; the key is kept in the tab).
 */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  const attempt = useSendAttempt('orders.create');
  return useMutation({
    mutationFn: (input: CreateOrderInput) => attempt.send(sendParts(input), (key) => createOrder(input, key)),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.userOrders }),
        queryClient.invalidateQueries({ queryKey: queryKeys.userInfo }),
      ]);
    },
  });
}
