import { MAX_REVIEW_COMMENT, ReviewText, reviewRejectionSchema } from '@retouch/shared/review';
import { AdminText } from '@retouch/shared/texts';
import { SendOutlined, UndoOutlined } from '@ant-design/icons';
import { App, Button, ColorPicker, Flex, Form, Input, Modal, Progress, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { useSendBackResult } from '../api/send-back-result';
import { useDecisionOutcome } from '../hooks/use-decision-outcome';
import { DEFAULT_BRUSH_COLOR, type DrawnLine } from '../utils/drawing';
import type { RegionMark } from '../utils/region-mark';
import { ModeratorText } from '../texts';
import { DrawingStage, type DrawingStageHandle } from './drawing-stage';
import { RegionMarkForm } from './region-mark-form';

const SWATCH = { display: 'inline-block', width: 16, height: 16, borderRadius: 4 } as const;

/** The modal's side padding (antd's 24 px twice): the canvas inside it may be 90 % of the window wide. */
const MODAL_PADDING = 48;

interface FixEditorProps {
  /** The designer's result, the picture to mark up. */
  picture: string;
  onClose: () => void;
}

/**
 * Fix (back office section 4): the moderator draws on the designer's result, writes a comment of at
 * most 500 characters, and sends both back; the picture goes as PNG with the upload progress shown.
 * Without a pointer, regions are marked from a grid with the keyboard, drawn on the picture all the same.
 */
export function FixEditor({ picture, onClose }: FixEditorProps) {
  const commentId = useId();
  const { notification } = App.useApp();
  const sendBack = useSendBackResult();
  const outcome = useDecisionOutcome();
  const stage = useRef<DrawingStageHandle>(null);
  const [lines, setLines] = useState<DrawnLine[]>([]);
  const [regionMarks, setRegionMarks] = useState<RegionMark[]>([]);
  const [color, setColor] = useState(DEFAULT_BRUSH_COLOR);
  const [comment, setComment] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const tooLong = comment.trim().length > MAX_REVIEW_COMMENT;

  const showError = (description: string) => notification.error({ title: AdminText.error, description });

  const send = async () => {
    const data = reviewRejectionSchema.safeParse({ message: comment });
    if (!data.success) {
      showError(data.error.issues[0]?.message ?? ReviewText.messageTooLong);
      return;
    }
    // Null while the picture is still loading (or failed to): there is nothing to send yet.
    const image = await stage.current?.toPng().catch(() => null);
    if (!image) {
      showError(ReviewText.imageMissing);
      return;
    }
    setProgress(0);
    const sent = await outcome(
      sendBack.mutateAsync({ image, message: data.data.message, onProgress: setProgress }),
    );
    if (sent) onClose();
    else setProgress(null);
  };

  return (
    <Modal
      open
      centered
      title={ModeratorText.fixTitle}
      width={`calc(90vw + ${MODAL_PADDING}px)`}
      // A click beside the editor must not throw the drawing away.
      mask={{ closable: false }}
      onCancel={sendBack.isPending ? undefined : onClose}
      footer={[
        <Button key="cancel" disabled={sendBack.isPending} onClick={onClose}>
          {ModeratorText.cancel}
        </Button>,
        <Button
          key="send"
          type="primary"
          icon={<SendOutlined aria-hidden />}
          loading={sendBack.isPending}
          onClick={() => void send()}
        >
          {ModeratorText.send}
        </Button>,
      ]}
    >
      <Flex vertical gap="middle">
        <Flex gap="middle" align="center" wrap>
          <Flex gap="small" align="center">
            <Typography.Text>{ModeratorText.brushColor}</Typography.Text>
            {/* A button as the trigger: antd's own is a div the keyboard cannot reach. */}
            <ColorPicker value={color} disabledAlpha onChange={(value) => setColor(value.toHexString())}>
              <Button
                aria-label={ModeratorText.brushColorValue(color)}
                icon={<span aria-hidden style={{ ...SWATCH, background: color }} />}
              />
            </ColorPicker>
          </Flex>
          <Button
            icon={<UndoOutlined aria-hidden />}
            disabled={lines.length === 0}
            onClick={() => setLines((current) => current.slice(0, -1))}
          >
            {ModeratorText.undo}
          </Button>
        </Flex>
        <DrawingStage
          ref={stage}
          picture={picture}
          lines={lines}
          regionMarks={regionMarks}
          color={color}
          onLinesChange={setLines}
        />
        <RegionMarkForm color={color} marks={regionMarks} onMarksChange={setRegionMarks} />
        <Form layout="vertical" component="div">
          <Form.Item
            label={ModeratorText.comment}
            htmlFor={commentId}
            validateStatus={tooLong ? 'error' : undefined}
            help={tooLong ? ReviewText.messageTooLong : undefined}
          >
            <Input.TextArea
              id={commentId}
              rows={3}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              count={{ show: true, max: MAX_REVIEW_COMMENT }}
            />
          </Form.Item>
        </Form>
        {progress !== null && (
          <Progress percent={progress} size="small" aria-label={ModeratorText.uploadProgress} />
        )}
      </Flex>
    </Modal>
  );
}
