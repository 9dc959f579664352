import { CloseOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Flex, Radio, Typography } from 'antd';
import { useId, type Dispatch } from 'react';
import {
  activePerson,
  entryCost,
  type ChosenEntry,
  type EditorAction,
  type EditorState,
} from '../model/editor-reducer';
import { entryTitles } from '../model/order-summary';
import { EditorText } from '../texts';

/** The active person's services and options, each removable, with the degree of action where offered. */
export function ChosenServices({
  state,
  dispatch,
}: {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
}) {
  const person = activePerson(state);
  const titles = entryTitles(person.entries);
  const heading = EditorText.chosenFor(person.name);
  return (
    <section aria-label={heading}>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {heading}
      </Typography.Title>
      {person.entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EditorText.nothingChosen} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {person.entries.map((entry) => {
            const title = titles.get(entry.key) ?? '';
            return (
              <li key={entry.key} style={{ padding: '6px 0' }}>
                <Flex gap="small" align="flex-start" justify="space-between">
                  <Flex vertical gap={4}>
                    <Flex gap="small" align="baseline" wrap>
                      <Typography.Text>{title}</Typography.Text>
                      <Typography.Text type="secondary">{EditorText.coins(entryCost(entry))}</Typography.Text>
                    </Flex>
                    <DegreeSelector entry={entry} title={title} dispatch={dispatch} />
                  </Flex>
                  <Button
                    type="text"
                    icon={<CloseOutlined aria-hidden />}
                    aria-label={EditorText.removeService(title)}
                    onClick={() => dispatch({ type: 'entryRemoved', key: entry.key })}
                  />
                </Flex>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

interface DegreeSelectorProps {
  entry: ChosenEntry;
  title: string;
  dispatch: Dispatch<EditorAction>;
}

/** Radio buttons for one degree, checkboxes when the service takes several. */
function DegreeSelector({ entry, title, dispatch }: DegreeSelectorProps) {
  const costId = useId();
  const degrees = entry.service.degreeAction;
  if (entry.option || degrees.length === 0) return null;
  const options = degrees.map((degree) => ({ value: degree._id, label: degree.title.user }));
  const choose = (degreeIds: string[]) => dispatch({ type: 'degreesChosen', key: entry.key, degreeIds });
  const label = EditorText.degreeOf(title);
  // The price is the group's description, so it is read out with the degrees.
  const cost = (
    <span id={costId} hidden>
      {EditorText.degreeCost(title, entryCost(entry))}
    </span>
  );
  return entry.service.multiDegree ? (
    <>
      {cost}
      <Checkbox.Group
        aria-label={label}
        aria-describedby={costId}
        role="group"
        options={options}
        value={entry.degreeIds}
        onChange={(values) => choose(values)}
      />
    </>
  ) : (
    <>
      {cost}
      <Radio.Group
        aria-label={label}
        aria-describedby={costId}
        size="small"
        optionType="button"
        options={options}
        value={entry.degreeIds[0]}
        onChange={(event) => choose([event.target.value as string])}
      />
    </>
  );
}
