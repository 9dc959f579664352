import { DeleteOutlined, LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Segmented, Tooltip, Typography } from 'antd';
import type { Dispatch } from 'react';
import type { EditorAction, EditorState } from '../model/editor-reducer';
import { EditorText } from '../texts';

interface PersonsPanelProps {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  /** Marks a person without a pointer (the marker goes to a free spot and takes the focus). */
  onAddPerson: () => void;
}

/**
 * The persons: 'photo' and every marked person, previous/next arrows and deletion of the chosen one, and
 * the keyboard's way to mark a person, with what the keys do on a marker.
 */
export function PersonsPanel({ state, dispatch, onAddPerson }: PersonsPanelProps) {
  const { persons, activeIndex } = state;
  const single = persons.length < 2;
  return (
    <Flex vertical gap="small">
      <Flex gap="small" align="center" wrap>
        <Tooltip title={EditorText.previousPerson}>
          <Button
            icon={<LeftOutlined aria-hidden />}
            aria-label={EditorText.previousPerson}
            disabled={single}
            onClick={() => dispatch({ type: 'previousPerson' })}
          />
        </Tooltip>
        <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Segmented
            aria-label={EditorText.persons}
            value={activeIndex}
            onChange={(index) => dispatch({ type: 'personSelected', index })}
            options={persons.map((person, index) => ({ value: index, label: person.name }))}
          />
        </div>
        <Tooltip title={EditorText.nextPerson}>
          <Button
            icon={<RightOutlined aria-hidden />}
            aria-label={EditorText.nextPerson}
            disabled={single}
            onClick={() => dispatch({ type: 'nextPerson' })}
          />
        </Tooltip>
        <Tooltip title={EditorText.deletePerson}>
          <Button
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={EditorText.deletePerson}
            // The base photo cannot be deleted.
            disabled={activeIndex === 0}
            onClick={() => dispatch({ type: 'personDeleted', index: activeIndex })}
          />
        </Tooltip>
        <Button icon={<PlusOutlined aria-hidden />} onClick={onAddPerson}>
          {EditorText.addPerson}
        </Button>
      </Flex>
      {!single && <Typography.Text type="secondary">{EditorText.markerKeys}</Typography.Text>}
    </Flex>
  );
}
