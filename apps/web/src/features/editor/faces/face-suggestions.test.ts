import { describe, expect, it } from 'vitest';
import type { Person } from '../model/editor-reducer';
import {
  moveSuggestion,
  offeredSuggestions,
  suggestionsFromFaces,
  type FaceBox,
  type FaceSuggestion,
} from './face-suggestions';

const photo = { width: 1400, height: 800 };
// 1400 x 800 fitted in 700 x 400: half size, no margin.
const face = (x: number, y: number, size = 100): FaceBox => ({ x, y, width: size, height: size });
const person = (name: string, x: number, y: number): Person => ({ name, position: { x, y }, entries: [] });
const base: Person = { name: 'photo', position: null, entries: [] };
const withPersons = (count: number) => [
  base,
  ...Array.from({ length: count }, (_, index) => person(`Person ${index + 1}`, 5, 5 + index)),
];

describe('faces found in the photo become suggestions in the canvas coordinates', () => {
  it('puts the marker at the centre of each face, scaled into the canvas', () => {
    const [suggestion] = suggestionsFromFaces([face(200, 100, 100)], photo);
    expect(suggestion?.position).toEqual({ x: 125, y: 75 });
    expect(suggestion?.box).toEqual({ x: 100, y: 50, width: 50, height: 50 });
  });

  it('adds the margins of a photo that does not fill the canvas', () => {
    // 800 x 800 fitted in 700 x 400: 400 x 400 at x 150.
    const [suggestion] = suggestionsFromFaces([face(0, 0, 200)], { width: 800, height: 800 });
    expect(suggestion?.position).toEqual({ x: 200, y: 50 });
  });

  it('orders them from left to right, so persons are numbered as they are read', () => {
    const suggestions = suggestionsFromFaces([face(900, 100), face(100, 300), face(500, 0)], photo);
    expect(suggestions.map((s) => s.position.x)).toEqual([75, 275, 475]);
    expect(new Set(suggestions.map((s) => s.id)).size).toBe(3);
  });

  it('keeps faces partly outside the photo inside it', () => {
    const [suggestion] = suggestionsFromFaces([{ x: -60, y: 760, width: 100, height: 100 }], photo);
    expect(suggestion?.position).toEqual({ x: 0, y: 400 });
  });
});

describe('what is offered', () => {
  const suggestions = suggestionsFromFaces(
    [face(100, 100, 60), face(400, 100, 200), face(800, 100, 120), face(1200, 100, 80)],
    photo,
  );

  it('offers every face while there is room, with none left out', () => {
    expect(offeredSuggestions(suggestions, [base])).toEqual({ offered: suggestions, leftOut: 0 });
  });

  it('offers no more than the room left under 9 persons, the largest faces first', () => {
    const { offered, leftOut } = offeredSuggestions(suggestions, withPersons(7));
    expect(offered.map((s) => s.box.width)).toEqual([100, 60]);
    expect(leftOut).toBe(2);
    expect(offeredSuggestions(suggestions, withPersons(9))).toEqual({ offered: [], leftOut: 4 });
  });

  it('leaves out a face where a person is already marked, and does not count it as left out', () => {
    // Within the second face (canvas box 200..300 x 50..150) and just beside the small first one.
    const persons = [base, person('Person 1', 290, 140), person('Person 2', 70, 70)];
    const { offered, leftOut } = offeredSuggestions(suggestions, persons);
    expect(offered.map((s) => s.position.x)).toEqual([430, 620]);
    expect(leftOut).toBe(0);
  });

  it('takes a tiny face as marked by a person marker touching it', () => {
    const [tiny] = suggestionsFromFaces([face(700, 400, 4)], photo);
    const near = offeredSuggestions([tiny!], [base, person('Person 1', 362, 190)]);
    const far = offeredSuggestions([tiny!], [base, person('Person 1', 380, 201)]);
    expect(near.offered).toEqual([]);
    expect(far.offered).toEqual([tiny]);
  });
});

describe('moving a suggestion', () => {
  const [suggestion] = suggestionsFromFaces([face(200, 100, 100)], photo) as [FaceSuggestion];

  it('moves its marker and its box together', () => {
    const moved = moveSuggestion(suggestion, { x: 300, y: 200 }, photo);
    expect(moved.position).toEqual({ x: 300, y: 200 });
    expect(moved.box).toEqual({ x: 275, y: 175, width: 50, height: 50 });
  });

  it('keeps it on the photo', () => {
    const moved = moveSuggestion(suggestion, { x: 900, y: -30 }, { width: 800, height: 800 });
    expect(moved.position).toEqual({ x: 550, y: 0 });
  });
});
