import { DeleteOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Segmented, Tooltip } from 'antd';
import type { Dispatch } from 'react';
import type { EditorAction, EditorState } from '../model/editor-reducer';
import { EditorText } from '../texts';

interface PersonsPanelProps {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
}

/** The persons: 'photo' and every marked person, previous/next arrows and deletion of the chosen one. */
export function PersonsPanel({ state, dispatch }: PersonsPanelProps) {
  const { persons, activeIndex } = state;
  const single = persons.length < 2;
  return (
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
    </Flex>
  );
}
