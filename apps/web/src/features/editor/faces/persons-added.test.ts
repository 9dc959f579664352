import { MAX_PERSONS_WITH_PHOTO, OrderText } from '@retouch/shared/orders';
import { describe, expect, it } from 'vitest';
import { skin } from '../test/catalog';
import {
  editorReducer,
  initialEditorState,
  type EditorAction,
  type EditorState,
} from '../model/editor-reducer';

// The reducer's action behind accepting face suggestions (faces/use-face-suggestions.ts).
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const withPhoto = run(initialEditorState, {
  type: 'photoLoaded',
  photo: { file: new File(['x'], 'me.jpg'), url: 'blob:me', width: 1200, height: 800 },
});
const click = (x: number, y: number): EditorAction => ({ type: 'canvasClicked', point: { x, y } });
const added = (...points: Array<[number, number]>): EditorAction => ({
  type: 'personsAdded',
  points: points.map(([x, y]) => ({ x, y })),
});

describe('persons added at given points (accepted faces)', () => {
  it('marks a person at each point, numbered after those marked, and selects the first added', () => {
    const state = run(withPhoto, click(10, 10), added([100, 50], [200, 60]));
    expect(state.persons.map((person) => [person.name, person.position])).toEqual([
      ['photo', null],
      ['Person 1', { x: 10, y: 10 }],
      ['Person 2', { x: 100, y: 50 }],
      ['Person 3', { x: 200, y: 60 }],
    ]);
    expect(state.activeIndex).toBe(2);
  });

  it('places a person, not an armed embed-type picture', () => {
    const sticker = { ...skin, _id: 'sticker', embedInCanvas: true };
    const state = run(withPhoto, { type: 'serviceChosen', service: sticker }, added([100, 50]));
    expect(state.persons).toHaveLength(2);
    expect(state.embeds).toEqual([]);
  });

  it('adds no more than 9 persons and says so', () => {
    const eight = run(withPhoto, ...Array.from({ length: 8 }, (_, i) => click(i, i)));
    const state = run(eight, added([100, 50], [200, 60]));
    expect(state.persons).toHaveLength(MAX_PERSONS_WITH_PHOTO);
    expect(state.persons.at(-1)?.position).toEqual({ x: 100, y: 50 });
    expect(state.notice?.text).toBe(OrderText.maxPersons);
  });

  it('adds nothing before a photo is loaded', () => {
    expect(run(initialEditorState, added([100, 50])).persons).toHaveLength(1);
  });
});
