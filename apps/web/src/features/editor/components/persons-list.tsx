import { Flex, theme, Typography } from 'antd';
import { memo, useId, useRef, type Dispatch, type KeyboardEvent } from 'react';
import type { EditorAction, Person } from '../model/editor-reducer';
import { EditorText } from '../texts';

/** Keys that move along the list, as offsets from the active person (Home and End go to the ends). */
const LIST_KEYS: Record<string, number> = { ArrowUp: -1, ArrowLeft: -1, ArrowDown: 1, ArrowRight: 1 };

interface PersonsListProps {
  persons: readonly Person[];
  activeIndex: number;
  dispatch: Dispatch<EditorAction>;
}

/**
 * Every person with how many services they have, for screen readers above all ("Person 2, 3 services"):
 * a listbox, one stop of the Tab key, whose selection follows the focus (arrow keys, Home, End).
 */
// Memoised: the editor renders on every key typed in the comment, which changes no person.
export const PersonsList = memo(function PersonsList({ persons, activeIndex, dispatch }: PersonsListProps) {
  const { token } = theme.useToken();
  const titleId = useId();
  const items = useRef<Array<HTMLLIElement | null>>([]);

  const select = (index: number) => {
    dispatch({ type: 'personSelected', index });
    items.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, at: number) => {
    const last = persons.length - 1;
    let index: number | null = null;
    if (event.key in LIST_KEYS) index = Math.min(last, Math.max(0, at + LIST_KEYS[event.key]!));
    else if (event.key === 'Home') index = 0;
    else if (event.key === 'End') index = last;
    else if (event.key === 'Enter' || event.key === ' ') index = at;
    if (index === null) return;
    event.preventDefault();
    select(index);
  };

  return (
    <section aria-labelledby={titleId}>
      <Typography.Title level={3} id={titleId} style={{ fontSize: 16 }}>
        {EditorText.personsList}
      </Typography.Title>
      <ul
        role="listbox"
        aria-labelledby={titleId}
        aria-orientation="vertical"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {persons.map((person, index) => {
          const selected = index === activeIndex;
          const count = person.entries.length;
          return (
            <li
              key={person.name}
              ref={(item) => {
                items.current[index] = item;
              }}
              role="option"
              aria-selected={selected}
              aria-label={EditorText.personItem(person.name, count)}
              // One stop of the Tab key: the selected person's.
              tabIndex={selected ? 0 : -1}
              onClick={() => select(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
              style={{
                padding: '4px 8px',
                cursor: 'pointer',
                borderRadius: token.borderRadius,
                background: selected ? token.colorPrimaryBg : undefined,
                borderInlineStart: `3px solid ${selected ? token.colorPrimary : 'transparent'}`,
              }}
            >
              <Flex justify="space-between" gap="small">
                <span style={{ fontWeight: selected ? 600 : undefined }}>{person.name}</span>
                <span style={{ color: token.colorTextSecondary }}>{EditorText.serviceCount(count)}</span>
              </Flex>
            </li>
          );
        })}
      </ul>
    </section>
  );
});
