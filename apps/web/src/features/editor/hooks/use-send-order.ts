import { OrderText } from '@retouch/shared/orders';
import type { Balance } from '@retouch/shared/users';
import { App } from 'antd';
import { useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useCreateOrder } from '../api/create-order';
import type { EditorCanvasHandle } from '../components/editor-canvas';
import { needsFacePhoto, toOrderSubmit, type EditorState } from '../model/editor-reducer';
import { firstSendBlock } from '../model/send-checks';
import { EditorText } from '../texts';

export type SendDialog = 'funds' | 'confirm' | null;

interface SendOrderInput {
  state: EditorState;
  canvas: RefObject<EditorCanvasHandle | null>;
  loggedIn: boolean;
  balance: Balance | null;
  /** Takes a visitor to /login. */
  onLoginRequired: () => void;
}

/**
 * 'SEND TO RETOUCH': the checks in the specification's order, then the confirmation, then the
 * multipart upload with its progress; on success the customer goes to /history.
 */
export function useSendOrder({ state, canvas, loggedIn, balance, onLoginRequired }: SendOrderInput) {
  const { message, notification } = App.useApp();
  const navigate = useNavigate();
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
    notification.error({ title: EditorText.error, description: errorMessage(error, EditorText.sendFailed) });
    setProgress(null);
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
      { onSuccess: () => void navigate('/history'), onError: fail },
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
