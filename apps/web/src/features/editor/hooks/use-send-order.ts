import { OrderText } from '@retouch/shared/orders';
import type { Balance } from '@retouch/shared/users';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useCreateOrder } from '../api/create-order';
import type { EditorCanvasHandle } from '../components/editor-canvas';
import { needsFacePhoto, toOrderSubmit, type EditorState } from '../model/editor-reducer';
import { firstSendBlock } from '../model/send-checks';
import { EditorText } from '../texts';

export type SendDialog = 'funds' | 'confirm' | null;

/** The server's answer when the balance does not cover the order (it may have changed since the check). */
const PAYMENT_REQUIRED = 402;

interface SendOrderInput {
  state: EditorState;
  canvas: RefObject<EditorCanvasHandle | null>;
  loggedIn: boolean;
  balance: Balance | null;
  /** Takes a visitor to /login. */
  onLoginRequired: () => void;
  /** The order was made: the draft kept on the device is done with. */
  onSent: () => void;
}

/**
 * 'SEND TO RETOUCH': the checks in the specification's order (the balance against the cost included,
 * before any upload), then the confirmation, then the multipart upload with its progress; on success
 * the customer goes to /history. A 402 on the way (the balance changed meanwhile) opens the
 * insufficient-funds modal, as the check before would have.
 */
export function useSendOrder({ state, canvas, loggedIn, balance, onLoginRequired, onSent }: SendOrderInput) {
  const { message, notification } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createOrder = useCreateOrder();
  const [dialog, setDialog] = useState<SendDialog>(null);
  // The upload's percentage while an order is being sent; null otherwise.
  const [progress, setProgress] = useState<number | null>(null);

  const requestSend = () => {
    if (progress !== null) return;
    switch (firstSendBlock({ loggedIn, balance, state })) {
      case 'login':
        onLoginRequired();
        return;
      case 'photo':
        void message.error(OrderText.uploadPhotoFirst);
        return;
      case 'funds':
        setDialog('funds');
        return;
      case 'services':
        void message.error(OrderText.noServices);
        return;
      case 'facePhoto':
        void message.error(OrderText.faceImageRequired);
        return;
      case null:
        setDialog('confirm');
    }
  };

  const fail = (error: unknown) => {
    setProgress(null);
    if (error instanceof ApiError && error.status === PAYMENT_REQUIRED) {
      setDialog('funds');
      void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
      return;
    }
    notification.error({ title: EditorText.error, description: errorMessage(error, EditorText.sendFailed) });
    setDialog(null);
  };

  const send = async () => {
    // One order per click, however often the button is pressed.
    if (progress !== null || !state.photo) return;
    setProgress(0);
    let draft: Blob;
    try {
      draft = await (canvas.current?.snapshot() ?? Promise.reject(new Error('No canvas')));
    } catch (error) {
      fail(error);
      return;
    }
    createOrder.mutate(
      {
        data: toOrderSubmit(state),
        original: state.photo.file,
        draft,
        additional: needsFacePhoto(state) ? (state.facePhoto?.file ?? null) : null,
        onProgress: setProgress,
      },
      {
        onSuccess: () => {
          onSent();
          void navigate('/history');
        },
        onError: fail,
      },
    );
  };

  return {
    dialog,
    closeDialog: () => setDialog(null),
    progress,
    requestSend,
    send: () => void send(),
  };
}
