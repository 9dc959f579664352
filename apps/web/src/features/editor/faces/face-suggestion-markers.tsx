import { theme } from 'antd';
import type { KonvaEventObject } from 'konva/lib/Node';
import { Circle, Group, Rect, Text } from 'react-konva';
import type { Point } from '../model/editor-reducer';
import type { FaceSuggestion } from './face-suggestions';
import { FaceText } from './texts';

const MARKER_RADIUS = 14;
const DASH = [6, 4];

interface FaceSuggestionMarkersProps {
  suggestions: readonly FaceSuggestion[];
  onMove: (id: number, point: Point) => void;
  onAccept: (id: number) => void;
}

/**
 * The faces found, drawn unlike persons (dashed, hollow, warning colour, 'Face N?'): a click accepts one,
 * a drag moves it. Coordinates are the canvas's 700 x 400.
 */
export function FaceSuggestionMarkers({ suggestions, onMove, onAccept }: FaceSuggestionMarkersProps) {
  const { token } = theme.useToken();
  const accept = (event: KonvaEventObject<MouseEvent | TouchEvent>, id: number) => {
    // Not a click on the photo: no person is marked beside it.
    event.cancelBubble = true;
    onAccept(id);
  };
  return suggestions.map(({ id, position, box }) => (
    <Group key={id}>
      <Rect
        x={box.x}
        y={box.y}
        width={box.width}
        height={box.height}
        stroke={token.colorWarning}
        strokeWidth={1.5}
        dash={DASH}
        listening={false}
      />
      <Group
        x={position.x}
        y={position.y}
        draggable
        onClick={(event) => accept(event, id)}
        onTap={(event) => accept(event, id)}
        onDragEnd={(event) => onMove(id, { x: event.target.x(), y: event.target.y() })}
        onMouseEnter={(event) => setCursor(event, 'grab')}
        onMouseLeave={(event) => setCursor(event, 'crosshair')}
      >
        <Circle
          radius={MARKER_RADIUS}
          fill="rgba(255, 255, 255, 0.35)"
          stroke={token.colorWarning}
          strokeWidth={3}
          dash={DASH}
        />
        <Text
          text="?"
          x={-MARKER_RADIUS}
          y={-8}
          width={MARKER_RADIUS * 2}
          align="center"
          fontSize={16}
          fill="#fff"
        />
        <Rect
          x={-40}
          y={MARKER_RADIUS + 4}
          width={80}
          height={20}
          cornerRadius={4}
          fill="rgba(0, 0, 0, 0.45)"
        />
        <Text
          text={FaceText.markerLabel(id)}
          x={-40}
          y={MARKER_RADIUS + 8}
          width={80}
          align="center"
          fontSize={13}
          fill={token.colorWarningBorder}
        />
      </Group>
    </Group>
  ));
}

function setCursor(event: KonvaEventObject<MouseEvent>, cursor: string) {
  const container = event.target.getStage()?.container();
  if (container) container.style.cursor = cursor;
}
