import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Typography } from 'antd';
import type { KeyboardEvent } from 'react';
import { arrowOffset } from '../model/marker-placement';
import type { FaceSuggestion } from './face-suggestions';
import { FaceText } from './texts';
import type { FaceSuggestions } from './use-face-suggestions';

/**
 * The faces found on the photo, for the keyboard as well as the pointer: each can be accepted as a
 * person, deleted, or moved with the arrow keys; all can be accepted at once.
 */
export function FaceSuggestionsPanel({ faces }: { faces: FaceSuggestions }) {
  const { searching, offered, leftOut } = faces;
  if (searching) {
    return (
      <Typography.Text type="secondary" role="status">
        {FaceText.searching}
      </Typography.Text>
    );
  }
  if (offered.length === 0 && leftOut === 0) return null;
  return (
    <Flex vertical gap="small" role="region" aria-label={FaceText.region} data-testid="face-suggestions">
      {offered.length > 0 && (
        <Flex gap="small" align="center" wrap>
          <Typography.Text role="status">{FaceText.found(offered.length)}</Typography.Text>
          <Button type="primary" size="small" icon={<CheckOutlined aria-hidden />} onClick={faces.acceptAll}>
            {FaceText.acceptAll}
          </Button>
        </Flex>
      )}
      {leftOut > 0 && <Typography.Text type="warning">{FaceText.leftOut(leftOut)}</Typography.Text>}
      {offered.length > 0 && (
        <>
          <Flex gap="small" wrap component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {offered.map((suggestion) => (
              <SuggestionItem key={suggestion.id} suggestion={suggestion} faces={faces} />
            ))}
          </Flex>
          <Typography.Text type="secondary">{FaceText.moveHint}</Typography.Text>
        </>
      )}
    </Flex>
  );
}

function SuggestionItem({ suggestion, faces }: { suggestion: FaceSuggestion; faces: FaceSuggestions }) {
  const { id, position } = suggestion;
  const moveByKey = (event: KeyboardEvent) => {
    const offset = arrowOffset(event);
    if (!offset) return;
    event.preventDefault();
    faces.move(id, { x: position.x + offset.x, y: position.y + offset.y });
  };
  return (
    <li aria-label={FaceText.face(id)} onKeyDown={moveByKey}>
      <Tag variant="outlined" style={{ borderStyle: 'dashed', marginInlineEnd: 0, paddingInline: 4 }}>
        <Flex gap={4} align="center">
          {FaceText.face(id)}
          <Button
            size="small"
            type="link"
            aria-label={FaceText.acceptFace(id)}
            onClick={() => faces.accept(id)}
          >
            {FaceText.accept}
          </Button>
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={FaceText.deleteFace(id)}
            onClick={() => faces.remove(id)}
          />
        </Flex>
      </Tag>
    </li>
  );
}
