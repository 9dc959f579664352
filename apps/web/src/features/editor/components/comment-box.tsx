import { orderSubmitSchema } from '@retouch/shared/orders';
import { Flex, Input, Typography } from 'antd';
import { useId, type Dispatch } from 'react';
import type { EditorAction } from '../model/editor-reducer';
import { EditorText } from '../texts';

/** The longest message the server takes. */
const MAX_COMMENT_LENGTH = orderSubmitSchema.shape.order.shape.message.unwrap().maxLength ?? undefined;

/** The wishes for the designer, offered when a chosen service allows a message. */
export function CommentBox({ value, dispatch }: { value: string; dispatch: Dispatch<EditorAction> }) {
  const id = useId();
  return (
    <Flex vertical gap="small">
      <Typography.Text strong>
        <label htmlFor={id}>{EditorText.comment}</label>
      </Typography.Text>
      <Input.TextArea
        id={id}
        value={value}
        maxLength={MAX_COMMENT_LENGTH}
        showCount
        rows={4}
        onChange={(event) => dispatch({ type: 'commentChanged', comment: event.target.value })}
      />
    </Flex>
  );
}
