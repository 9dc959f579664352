import { theme } from 'antd';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { arrowOffset } from '../model/marker-placement';
import type { Person, Point } from '../model/editor-reducer';
import { EditorText } from '../texts';
import { personAvatar } from './person-avatars';

/** A person's marker on the canvas, in canvas units (editor-canvas.tsx draws it). */
export const MARKER_RADIUS = 14;
/** The smallest marker button in displayed pixels, however far a narrow screen scales the canvas down. */
const MIN_TARGET = 24;

/** Asks for the focus on the marker of the named person; a new object asks again. */
export interface MarkerFocus {
  name: string;
}

export interface PersonMarkersProps {
  persons: readonly Person[];
  activeIndex: number;
  /** Displayed pixels per canvas unit. */
  scale: number;
  onSelect: (index: number) => void;
  onMove: (index: number, offset: Point) => void;
  onDelete: (index: number) => void;
  focus?: MarkerFocus | null;
}

/**
 * The keyboard's way onto the canvas (issue 25): a button over each marker, so a marker can be reached
 * with Tab, shows a focus ring, moves with the arrow keys and goes with Delete. The Konva drawing below
 * stays what the draft snapshot shows; a pointer on the button selects the person as a click on the
 * drawn marker does.
 */
export function PersonMarkers({
  persons,
  activeIndex,
  scale,
  onSelect,
  onMove,
  onDelete,
  focus = null,
}: PersonMarkersProps) {
  const { token } = theme.useToken();
  const hintId = useId();
  const group = useRef<HTMLDivElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focused, setFocused] = useState<string | null>(null);
  // After a deletion the focus goes to the next marker (the previous one after the last), else the group.
  const [afterDelete, setAfterDelete] = useState<{ name: string | null } | null>(null);

  useEffect(() => {
    if (focus) buttons.current.get(focus.name)?.focus();
  }, [focus]);
  useEffect(() => {
    if (!afterDelete) return;
    const next = afterDelete.name ? buttons.current.get(afterDelete.name) : undefined;
    (next ?? group.current)?.focus();
  }, [afterDelete]);

  const marked = persons.flatMap((person, index) => (person.position ? [{ person, index }] : []));
  const size = Math.max(MIN_TARGET, MARKER_RADIUS * 2 * scale);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const offset = arrowOffset(event);
    if (offset) {
      event.preventDefault();
      onMove(index, offset);
      return;
    }
    if (event.key !== 'Delete' && event.key !== 'Backspace') return;
    event.preventDefault();
    const at = marked.findIndex((marker) => marker.index === index);
    const neighbour = marked[at + 1] ?? marked[at - 1];
    setAfterDelete({ name: neighbour?.person.name ?? null });
    onDelete(index);
  };

  return (
    <div
      ref={group}
      role="group"
      aria-label={EditorText.markers}
      tabIndex={-1}
      style={{ position: 'absolute', inset: 0, pointerEvents: 'none', outline: 'none' }}
    >
      <span id={hintId} hidden>
        {EditorText.markerKeys}
      </span>
      {marked.map(({ person, index }) => {
        const { x, y } = person.position!;
        const ring = focused === person.name;
        return (
          <button
            key={person.name}
            ref={(button) => {
              if (button) buttons.current.set(person.name, button);
              else buttons.current.delete(person.name);
            }}
            type="button"
            aria-label={EditorText.markerOf(person.name)}
            aria-describedby={hintId}
            aria-pressed={index === activeIndex}
            onClick={() => onSelect(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
            onFocus={() => setFocused(person.name)}
            onBlur={() => setFocused(null)}
            style={{
              position: 'absolute',
              left: x * scale - size / 2,
              top: y * scale - size / 2,
              width: size,
              height: size,
              padding: 0,
              border: 'none',
              borderRadius: '50%',
              background: 'transparent',
              cursor: 'pointer',
              pointerEvents: 'auto',
              // Two rings, so one of them stands out on any photo.
              outline: ring ? `3px solid ${token.colorPrimary}` : 'none',
              outlineOffset: 2,
              boxShadow: ring ? '0 0 0 2px #fff' : 'none',
            }}
          >
            {/* The avatar drawn on the stage below too, which the draft snapshot keeps. */}
            <img
              src={personAvatar(index)}
              alt=""
              width="100%"
              height="100%"
              style={{ display: 'block', borderRadius: '50%', pointerEvents: 'none' }}
            />
          </button>
        );
      })}
    </div>
  );
}
