import { EDITOR_CANVAS } from '@retouch/shared/orders';
import { theme } from 'antd';
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { useImperativeHandle, useRef, type Ref } from 'react';
import { Circle, Group, Image as KonvaImage, Layer, Rect, Stage, Text } from 'react-konva';
import { useHtmlImage } from '@/lib/use-html-image';
import { FaceSuggestionMarkers } from '../faces/face-suggestion-markers';
import type { FaceSuggestion } from '../faces/face-suggestions';
import { useWindowWidth } from '../hooks/use-window-width';
import { canvasSize, fitInside, isInside } from '../model/canvas-layout';
import type { LoadedPhoto, Person, PlacedEmbed, Point } from '../model/editor-reducer';
import { EditorText } from '../texts';
import { personAvatar } from './person-avatars';
import { MARKER_RADIUS, PersonMarkers, type MarkerFocus } from './person-markers';

const EMBED_WIDTH = 64;
/** The draft is drawn at the photo's own resolution, at most this many times the canvas's. */
const MAX_DRAFT_PIXEL_RATIO = 4;
const DRAFT_QUALITY = 0.9;

export interface EditorCanvasHandle {
  /** The photo with its markers and placed pictures, as sent in the order's `draft`. */
  snapshot: () => Promise<Blob>;
}

export interface EditorCanvasProps {
  photo: LoadedPhoto | null;
  persons: readonly Person[];
  activeIndex: number;
  embeds: readonly PlacedEmbed[];
  onCanvasClick: (point: Point) => void;
  onPersonClick: (index: number) => void;
  /** A marker moved from the keyboard by this offset (canvas units). */
  onPersonMove: (index: number, offset: Point) => void;
  /** A marker removed from the keyboard. */
  onPersonDelete: (index: number) => void;
  /** The marker to focus, once a person was added from the keyboard. */
  markerFocus?: MarkerFocus | null;
  /** Faces found on the photo, not yet accepted or deleted (faces/use-face-suggestions.ts). */
  faceSuggestions?: readonly FaceSuggestion[];
  onFaceSuggestionMove?: (id: number, point: Point) => void;
  onFaceSuggestionAccept?: (id: number) => void;
  ref?: Ref<EditorCanvasHandle>;
}

/**
 * The canvas (customer-side sections 2 and 9): the photo fitted inside 700 x 400 (narrower screens
 * scale it), a marker per person and the placed pictures. Everything is laid out in 700 x 400
 * coordinates; the stage's scale maps them to the displayed size.
 */
export function EditorCanvas({
  photo,
  persons,
  activeIndex,
  embeds,
  onCanvasClick,
  onPersonClick,
  onPersonMove,
  onPersonDelete,
  markerFocus = null,
  faceSuggestions = [],
  onFaceSuggestionMove = () => undefined,
  onFaceSuggestionAccept = () => undefined,
  ref,
}: EditorCanvasProps) {
  const { token } = theme.useToken();
  const stageRef = useRef<Konva.Stage>(null);
  const size = canvasSize(useWindowWidth());
  const image = useHtmlImage(photo?.url ?? null);
  const photoRect = photo ? fitInside(photo, EDITOR_CANVAS) : null;

  useImperativeHandle(
    ref,
    () => ({
      snapshot: async () => {
        const stage = stageRef.current;
        if (!stage || !photo || !photoRect) throw new Error('Nothing to draw');
        // Only the photo's area, at (up to) its own resolution.
        const shown = photoRect.width * size.scale;
        return (await stage.toBlob({
          x: photoRect.x * size.scale,
          y: photoRect.y * size.scale,
          width: shown,
          height: photoRect.height * size.scale,
          pixelRatio: Math.min(MAX_DRAFT_PIXEL_RATIO, Math.max(1, photo.width / shown)),
          mimeType: 'image/jpeg',
          quality: DRAFT_QUALITY,
        })) as Blob;
      },
    }),
    [photo, photoRect, size.scale],
  );

  const clickStage = (event: KonvaEventObject<MouseEvent | TouchEvent>) => {
    const pointer = event.target.getStage()?.getPointerPosition();
    if (!pointer) return;
    const point = { x: pointer.x / size.scale, y: pointer.y / size.scale };
    // Without a photo the click still goes through: the editor says to upload one first.
    if (photoRect && !isInside(point, photoRect)) return;
    onCanvasClick(point);
  };

  const clickMarker = (event: KonvaEventObject<MouseEvent | TouchEvent>, index: number) => {
    event.cancelBubble = true;
    onPersonClick(index);
  };

  return (
    <div
      role="region"
      aria-label={EditorText.canvas}
      data-testid="editor-canvas"
      style={{ width: size.width, position: 'relative' }}
    >
      <Stage
        ref={stageRef}
        width={size.width}
        height={size.height}
        scaleX={size.scale}
        scaleY={size.scale}
        onClick={clickStage}
        onTap={clickStage}
        style={{
          background: token.colorFillTertiary,
          borderRadius: token.borderRadiusLG,
          cursor: 'crosshair',
        }}
      >
        <Layer>
          {photoRect && image ? (
            <KonvaImage image={image} {...photoRect} />
          ) : (
            <Text
              text={EditorText.canvasHint}
              width={EDITOR_CANVAS.width}
              y={EDITOR_CANVAS.height / 2 - 10}
              align="center"
              fontSize={18}
              fill={token.colorTextSecondary}
            />
          )}
          {embeds.map((embed) => (
            <EmbedPicture key={embed.key} embed={embed} />
          ))}
          <FaceSuggestionMarkers
            suggestions={faceSuggestions}
            onMove={onFaceSuggestionMove}
            onAccept={onFaceSuggestionAccept}
          />
          {persons.map((person, index) =>
            person.position ? (
              <Group
                key={person.name}
                x={person.position.x}
                y={person.position.y}
                onClick={(event) => clickMarker(event, index)}
                onTap={(event) => clickMarker(event, index)}
              >
                <MarkerAvatar url={personAvatar(index)} />
                <Circle
                  radius={MARKER_RADIUS}
                  stroke={index === activeIndex ? token.colorPrimary : '#fff'}
                  strokeWidth={3}
                />
                <Rect
                  x={-40}
                  y={MARKER_RADIUS + 4}
                  width={80}
                  height={20}
                  cornerRadius={4}
                  fill={index === activeIndex ? token.colorPrimary : 'rgba(0, 0, 0, 0.6)'}
                />
                <Text
                  text={person.name}
                  x={-40}
                  y={MARKER_RADIUS + 8}
                  width={80}
                  align="center"
                  fontSize={13}
                  fill="#fff"
                />
              </Group>
            ) : null,
          )}
        </Layer>
      </Stage>
      <PersonMarkers
        persons={persons}
        activeIndex={activeIndex}
        scale={size.scale}
        onSelect={onPersonClick}
        onMove={onPersonMove}
        onDelete={onPersonDelete}
        focus={markerFocus}
      />
    </div>
  );
}

/** A person's avatar, filling the marker's circle. */
function MarkerAvatar({ url }: { url: string }) {
  const image = useHtmlImage(url);
  if (!image) return null;
  const side = MARKER_RADIUS * 2;
  return <KonvaImage image={image} x={-MARKER_RADIUS} y={-MARKER_RADIUS} width={side} height={side} />;
}

function EmbedPicture({ embed }: { embed: PlacedEmbed }) {
  const image = useHtmlImage(embed.picture);
  if (!image) return null;
  const height = (image.naturalHeight / image.naturalWidth) * EMBED_WIDTH;
  return (
    <KonvaImage
      image={image}
      x={embed.position.x - EMBED_WIDTH / 2}
      y={embed.position.y - height / 2}
      width={EMBED_WIDTH}
      height={height}
      listening={false}
    />
  );
}
