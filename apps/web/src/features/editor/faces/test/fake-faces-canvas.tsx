import type { EditorCanvasProps } from '../../components/editor-canvas';
import { FakeEditorCanvas } from '../../test/editor-harness';

/**
 * The harness's stand-in for the Konva stage (which happy-dom cannot draw), with what the faces add to
 * it: where each person's marker is, and a drag of each suggested face by (10, 5).
 */
export function FakeFacesCanvas(props: EditorCanvasProps) {
  const { persons, faceSuggestions = [], onFaceSuggestionMove } = props;
  return (
    <div>
      <FakeEditorCanvas {...props} />
      <ul aria-label="Markers">
        {persons.map((person) =>
          person.position ? (
            <li key={person.name}>{`${person.name} at ${person.position.x},${person.position.y}`}</li>
          ) : null,
        )}
      </ul>
      {faceSuggestions.map(({ id, position }) => (
        <button
          key={id}
          type="button"
          onClick={() => onFaceSuggestionMove?.(id, { x: position.x + 10, y: position.y + 5 })}
        >
          {`Drag face ${id}`}
        </button>
      ))}
    </div>
  );
}
