import type { PersonProfile } from '@retouch/shared/person-profiles';
import { describe, expect, it } from 'vitest';
import { bodyGroup, eyes, faceGroup, objectRemoval, shaping, skin, teeth } from '../test/catalog';
import {
  activePerson,
  editorReducer,
  initialEditorState,
  toOrderSubmit,
  totalCost,
  type EditorAction,
  type EditorState,
} from './editor-reducer';
import { profileEntries } from './profile-entries';

const groups = [faceGroup, bodyGroup];
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const photo = {
  type: 'photoLoaded',
  photo: { file: new File(['x'], 'me.jpg'), url: 'blob:me', width: 1200, height: 800 },
} as const;

const aProfile = (services: PersonProfile['services']): PersonProfile => ({
  _id: 'p-anna',
  name: 'Anna',
  notes: 'Natural look',
  checklist: ['Keep the freckles'],
  services,
  updatedAt: '2026-11-27T10:00:00.000Z',
});
const service = (id: string, degreeAction: string[] = []) => ({ id, isOptional: false, degreeAction });

function applied(state: EditorState, profile: PersonProfile): EditorState {
  const { entries } = profileEntries(profile, groups);
  const { _id: id, name, notes, checklist } = profile;
  return editorReducer(state, { type: 'profileApplied', profile: { id, name, notes, checklist }, entries });
}

describe("a person profile's services in today's catalogue", () => {
  it('keeps the degrees still offered, falls back to the default, and leaves out what cannot be applied', () => {
    const { entries, skipped } = profileEntries(
      aProfile([
        service(skin._id, ['d-light']),
        service(eyes._id, ['d-gone']),
        { id: eyes.optional[0]!._id, isOptional: true, degreeAction: [] },
        service(shaping._id, ['d-light', 'd-strong']),
        service('s-gone'),
        service(objectRemoval._id),
      ]),
      groups,
    );
    expect(entries.map((entry) => [entry.option?._id ?? entry.service._id, entry.degreeIds])).toEqual([
      [skin._id, ['d-light']],
      [eyes._id, ['d-medium']],
      [eyes.optional[0]!._id, []],
      [shaping._id, ['d-light', 'd-strong']],
    ]);
    expect(skipped).toBe(2);
  });
});

describe('a profile applied to the chosen person', () => {
  it("replaces that person's services only, and the order names the profile for that person", () => {
    const marked = run(
      initialEditorState,
      photo,
      { type: 'serviceChosen', service: teeth },
      { type: 'canvasClicked', point: { x: 10, y: 10 } },
      { type: 'serviceChosen', service: teeth },
    );
    const state = applied(marked, aProfile([service(skin._id, ['d-light']), service(eyes._id)]));
    expect(activePerson(state).entries.map((entry) => entry.service._id)).toEqual([skin._id, eyes._id]);
    expect(activePerson(state).profile).toEqual({
      id: 'p-anna',
      name: 'Anna',
      notes: 'Natural look',
      checklist: ['Keep the freckles'],
    });
    expect(totalCost(state)).toBe(teeth.cost + skin.cost + eyes.cost);
    const submit = toOrderSubmit(state);
    expect(submit.order.persons).toEqual([
      { id: 'photo', orders: [{ id: teeth._id, degreeAction: [], isOptional: false }] },
      {
        id: 'Person 1',
        orders: [
          { id: skin._id, degreeAction: ['d-light'], isOptional: false },
          { id: eyes._id, degreeAction: ['d-medium'], isOptional: false },
        ],
        profileId: 'p-anna',
      },
    ]);
  });

  it('takes each service only where the entry rules allow it after the ones before', () => {
    const state = applied(initialEditorState, aProfile([service(skin._id), service(skin._id)]));
    expect(activePerson(state).entries.map((entry) => entry.service._id)).toEqual([skin._id]);
  });

  it('is taken off the person on demand, the services staying', () => {
    const state = run(applied(initialEditorState, aProfile([service(teeth._id)])), {
      type: 'profileDetached',
    });
    expect(activePerson(state).profile).toBeUndefined();
    expect(activePerson(state).entries.map((entry) => entry.service._id)).toEqual([teeth._id]);
    expect(toOrderSubmit(state).order.persons[0]).not.toHaveProperty('profileId');
  });
});
