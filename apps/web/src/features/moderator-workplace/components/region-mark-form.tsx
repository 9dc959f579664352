import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Typography, type InputRef } from 'antd';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAnnounce } from '@/lib/live-announcer';
import { MAX_REGION_MARK_TEXT, REGION_GRID, regionAfterKey, type RegionMark } from '../utils/region-mark';
import { ModeratorText } from '../texts';

interface RegionMarkFormProps {
  /** The brush's colour, the new mark's too. */
  color: string;
  marks: readonly RegionMark[];
  onMarksChange: (marks: RegionMark[]) => void;
}

const CELL_SIZE = 36;

/**
 * The drawing editor without a pointer (WCAG 2.1.1): a region of a 3×3 grid chosen with the arrow keys
 * (one tab stop, as a radio group), a text, and a mark added that the stage draws as a frame with
 * that text, flattened into the picture with the strokes. The marks added are listed to be removed.
 */
export function RegionMarkForm({ color, marks, onMarksChange }: RegionMarkFormProps) {
  const ids = { title: useId(), hint: useId(), text: useId() };
  const announce = useAnnounce();
  const [region, setRegion] = useState(0);
  const [text, setText] = useState('');
  const cells = useRef<(HTMLElement | null)[]>([]);
  const textInput = useRef<InputRef>(null);
  const regionName = (index: number) => ModeratorText.regions[index] ?? '';

  const onGridKey = (event: KeyboardEvent) => {
    const next = regionAfterKey(region, event.key);
    if (next === null) return;
    event.preventDefault();
    setRegion(next);
    cells.current[next]?.focus();
  };

  const add = () => {
    onMarksChange([...marks, { region, comment: text.trim(), color }]);
    setText('');
    announce(ModeratorText.regionMarkAdded(regionName(region)));
  };

  const remove = (index: number) => {
    const removed = marks[index];
    onMarksChange(marks.filter((_, other) => other !== index));
    if (removed) announce(ModeratorText.regionMarkRemoved(regionName(removed.region)));
    // Its button is gone: the keyboard goes on from the text of the next mark.
    textInput.current?.focus();
  };

  return (
    <section aria-labelledby={ids.title} aria-describedby={ids.hint}>
      <Typography.Title level={5} id={ids.title}>
        {ModeratorText.regionMark}
      </Typography.Title>
      <Typography.Paragraph type="secondary" id={ids.hint}>
        {ModeratorText.regionMarkHint}
      </Typography.Paragraph>
      <Flex gap="large" wrap align="start">
        <div
          role="radiogroup"
          aria-label={ModeratorText.region}
          onKeyDown={onGridKey}
          style={{
            display: 'grid',
            gridTemplateColumns: `repeat(${REGION_GRID}, ${CELL_SIZE}px)`,
            gap: 4,
          }}
        >
          {ModeratorText.regions.map((name, index) => (
            <Button
              key={name}
              ref={(cell) => {
                cells.current[index] = cell;
              }}
              role="radio"
              aria-checked={index === region}
              aria-label={name}
              title={name}
              // One tab stop: the arrows move inside the grid.
              tabIndex={index === region ? 0 : -1}
              type={index === region ? 'primary' : 'default'}
              style={{ width: CELL_SIZE, height: CELL_SIZE, padding: 0 }}
              onClick={() => setRegion(index)}
            />
          ))}
        </div>
        <Form layout="vertical" component="div" style={{ flex: '1 1 240px' }}>
          <Form.Item label={ModeratorText.regionMarkText} htmlFor={ids.text}>
            <Input
              id={ids.text}
              ref={textInput}
              value={text}
              maxLength={MAX_REGION_MARK_TEXT}
              onChange={(event) => setText(event.target.value)}
              onPressEnter={add}
            />
          </Form.Item>
          <Button icon={<PlusOutlined aria-hidden />} onClick={add}>
            {ModeratorText.addRegionMark}
          </Button>
        </Form>
      </Flex>
      {marks.length > 0 && (
        <ul aria-label={ModeratorText.regionMarks} style={{ paddingInlineStart: 20, marginTop: 12 }}>
          {marks.map((mark, index) => (
            <li key={index}>
              <Flex gap="small" align="center" wrap>
                <span>
                  {mark.comment ? `${regionName(mark.region)}: ${mark.comment}` : regionName(mark.region)}
                </span>
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={ModeratorText.removeRegionMark(index + 1, regionName(mark.region))}
                  onClick={() => remove(index)}
                />
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
