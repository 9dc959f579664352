import { describe, expect, it } from 'vitest';
import { eyes, shaping, skin, tattoo } from '../test/catalog';
import { editorReducer, initialEditorState, type EditorAction } from './editor-reducer';
import { orderSummary } from './order-summary';

const photo = { file: new File(['x'], 'me.jpg'), url: 'blob:me', width: 800, height: 600 };
const play = (...actions: EditorAction[]) => actions.reduce(editorReducer, initialEditorState);

describe('orderSummary', () => {
  it("lists each person with services, options and degrees, each person's cost and the total", () => {
    const state = play(
      { type: 'photoLoaded', photo },
      { type: 'serviceChosen', service: skin },
      { type: 'serviceChosen', service: tattoo },
      { type: 'serviceChosen', service: tattoo },
      { type: 'canvasClicked', point: { x: 10, y: 10 } },
      { type: 'canvasClicked', point: { x: 20, y: 20 } },
      { type: 'serviceChosen', service: eyes },
      { type: 'optionChosen', service: eyes, option: eyes.optional[0]! },
    );
    const summary = orderSummary(state);
    expect(summary.cost).toBe(5 + 6 + 6 + 3 + 2);
    expect(summary.minutes).toBe(10 + 15 + 20 + 20 + 10 + 5);
    expect(summary.persons).toEqual([
      {
        name: 'photo',
        cost: 17,
        lines: [
          { key: expect.any(String), title: 'Skin retouch', degrees: ['Medium'], optionOf: null, cost: 5 },
          { key: expect.any(String), title: 'Tattoo removal', degrees: [], optionOf: null, cost: 6 },
          { key: expect.any(String), title: 'Tattoo removal (2)', degrees: [], optionOf: null, cost: 6 },
        ],
      },
      // Person 1 has no service: left out, as the order leaves it out.
      {
        name: 'Person 2',
        cost: 5,
        lines: [
          { key: expect.any(String), title: 'Eyes', degrees: ['Medium'], optionOf: null, cost: 3 },
          { key: expect.any(String), title: 'Whiten the whites', degrees: [], optionOf: 'Eyes', cost: 2 },
        ],
      },
    ]);
  });

  it('names every degree of a multi-degree service', () => {
    const chosen = play({ type: 'photoLoaded', photo }, { type: 'serviceChosen', service: shaping });
    const key = chosen.persons[0]!.entries[0]!.key;
    const state = editorReducer(chosen, { type: 'degreesChosen', key, degreeIds: ['d-light', 'd-strong'] });
    expect(orderSummary(state).persons[0]!.lines[0]!.degrees).toEqual(['Light', 'Strong']);
  });
});
