import { EDITOR_CANVAS, MAX_PERSONS_WITH_PHOTO } from '@retouch/shared/orders';
import { fitInside, type Rect, type Size } from '../model/canvas-layout';
import type { Person, Point } from '../model/editor-reducer';

/** A face the detector found, in the photo's own pixels. */
export type FaceBox = Rect;

/** A face offered as a person marker, in the canvas's 700 x 400 coordinates. */
export interface FaceSuggestion {
  /** 1, 2, ... from left to right: the customer sees it as 'Face N'. */
  id: number;
  /** Where the person marker goes if accepted: the face's centre. */
  position: Point;
  /** The face's box, drawn around the suggestion. */
  box: Rect;
}

/** A marker this close to a tiny face's centre (the marker's radius) already marks it. */
const MIN_FACE_REACH = 14;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function clampToRect(point: Point, rect: Rect): Point {
  return {
    x: clamp(point.x, rect.x, rect.x + rect.width),
    y: clamp(point.y, rect.y, rect.y + rect.height),
  };
}

/** The faces as suggestions: photo pixels mapped onto the photo as the canvas shows it, left to right. */
export function suggestionsFromFaces(faces: readonly FaceBox[], photo: Size): FaceSuggestion[] {
  const shown = fitInside(photo, EDITOR_CANVAS);
  const scale = shown.width / photo.width;
  return faces
    .map((face) => {
      const box = {
        x: shown.x + face.x * scale,
        y: shown.y + face.y * scale,
        width: face.width * scale,
        height: face.height * scale,
      };
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      return { box, position: clampToRect(centre, shown) };
    })
    .sort((a, b) => a.position.x - b.position.x || a.position.y - b.position.y)
    .map((suggestion, index) => ({ id: index + 1, ...suggestion }));
}

/** Whether a person's marker already sits on this face. */
function isMarked(suggestion: FaceSuggestion, persons: readonly Person[]): boolean {
  const { position, box } = suggestion;
  const reachX = Math.max(box.width / 2, MIN_FACE_REACH);
  const reachY = Math.max(box.height / 2, MIN_FACE_REACH);
  return persons.some(
    (person) =>
      person.position !== null &&
      Math.abs(person.position.x - position.x) <= reachX &&
      Math.abs(person.position.y - position.y) <= reachY,
  );
}

const area = (suggestion: FaceSuggestion) => suggestion.box.width * suggestion.box.height;

/**
 * The suggestions to show beside the persons marked: none on a face a person already marks, and no more
 * than the persons still allowed (the largest faces first, in their left-to-right order). `leftOut`
 * counts the unmarked faces there was no room for.
 */
export function offeredSuggestions(
  suggestions: readonly FaceSuggestion[],
  persons: readonly Person[],
): { offered: FaceSuggestion[]; leftOut: number } {
  const unmarked = suggestions.filter((suggestion) => !isMarked(suggestion, persons));
  const room = Math.max(0, MAX_PERSONS_WITH_PHOTO - persons.length);
  const kept = new Set([...unmarked].sort((a, b) => area(b) - area(a)).slice(0, room));
  return {
    offered: unmarked.filter((suggestion) => kept.has(suggestion)),
    leftOut: unmarked.length - kept.size,
  };
}

/** The suggestion moved to `point` (kept on the photo), its box with it. */
export function moveSuggestion(suggestion: FaceSuggestion, point: Point, photo: Size): FaceSuggestion {
  const position = clampToRect(point, fitInside(photo, EDITOR_CANVAS));
  const box = {
    ...suggestion.box,
    x: suggestion.box.x + position.x - suggestion.position.x,
    y: suggestion.box.y + position.y - suggestion.position.y,
  };
  return { ...suggestion, position, box };
}
