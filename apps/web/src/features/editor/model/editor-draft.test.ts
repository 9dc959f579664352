import type { PublicGroup } from '@retouch/shared/catalog';
import { describe, expect, it } from 'vitest';
import { bodyGroup, eyes, faceGroup, faceSwap, objectRemoval, skin, teeth } from '../test/catalog';
import { restoreEditorState, storedChoicesSchema, toStoredChoices } from './editor-draft';
import {
  editorReducer,
  initialEditorState,
  isBlank,
  toOrderSubmit,
  totalCost,
  type EditorAction,
  type EditorState,
} from './editor-reducer';

const photo = { file: new File(['x'], 'me.jpg'), url: 'blob:me', width: 800, height: 600 };
const facePhoto = { file: new File(['f'], 'face.png'), url: 'blob:face' };
const catalogue: PublicGroup[] = [faceGroup, bodyGroup];
const whiten = eyes.optional[0]!;

const play = (...actions: EditorAction[]) => actions.reduce(editorReducer, initialEditorState);

/** Two persons: the photo with skin (strong) and a placed object removal, Person 1 with eyes and an option. */
const worked = play(
  { type: 'photoLoaded', photo },
  { type: 'serviceChosen', service: skin },
  { type: 'serviceChosen', service: objectRemoval },
  { type: 'canvasClicked', point: { x: 300, y: 200 } },
  { type: 'canvasClicked', point: { x: 100, y: 100 } },
  { type: 'serviceChosen', service: eyes },
  { type: 'optionChosen', service: eyes, option: whiten },
  { type: 'serviceChosen', service: faceSwap },
  { type: 'commentChanged', comment: 'Keep the freckles' },
  { type: 'facePhotoChosen', facePhoto },
);
const withStrongSkin = editorReducer(worked, {
  type: 'degreesChosen',
  key: worked.persons[0]!.entries[0]!.key,
  degreeIds: ['d-strong'],
});

/** The choices as IndexedDB gives them back: a structured clone. */
const keptAndReadBack = (state: EditorState) =>
  storedChoicesSchema.parse(structuredClone(toStoredChoices(state)));

describe('a draft kept on the device', () => {
  it('gives back the same order: persons, services, options, degrees, placed pictures and comment', () => {
    const restored = restoreEditorState(keptAndReadBack(withStrongSkin), { photo, facePhoto }, catalogue);
    expect(toOrderSubmit(restored)).toEqual(toOrderSubmit(withStrongSkin));
    expect(restored.persons.map((person) => [person.name, person.position])).toEqual([
      ['photo', null],
      ['Person 1', { x: 100, y: 100 }],
    ]);
    expect(restored.embeds).toEqual(withStrongSkin.embeds);
    expect(restored.activeIndex).toBe(1);
    expect(restored.comment).toBe('Keep the freckles');
    expect(restored.photo).toBe(photo);
    expect(restored.facePhoto).toBe(facePhoto);
    expect(totalCost(restored)).toBe(totalCost(withStrongSkin));
  });

  it("takes each service from today's catalogue and leaves out one that is gone", () => {
    const dearerSkin = { ...skin, cost: 9 };
    const today: PublicGroup[] = [{ ...faceGroup, list: [dearerSkin, eyes, teeth] }, bodyGroup];
    const restored = restoreEditorState(keptAndReadBack(withStrongSkin), { photo, facePhoto }, today);
    const titles = restored.persons.map((person) =>
      person.entries.map((entry) => (entry.option ?? entry.service).title.user),
    );
    expect(titles).toEqual([
      ['Skin retouch', 'Object removal'],
      ['Eyes', 'Whiten the whites'],
    ]);
    expect(restored.persons[0]!.entries[0]!.service.cost).toBe(9);
    expect(restored.persons[0]!.entries[0]!.degreeIds).toEqual(['d-strong']);
  });

  it('keeps no marked person without its photo', () => {
    const restored = restoreEditorState(keptAndReadBack(worked), { photo: null, facePhoto: null }, catalogue);
    expect(restored.persons.map((person) => person.name)).toEqual(['photo']);
    expect(restored.activeIndex).toBe(0);
    expect(restored.embeds).toEqual([]);
  });

  it('is refused when it is not one this version wrote', () => {
    expect(storedChoicesSchema.safeParse({ ...toStoredChoices(worked), version: 2 }).success).toBe(false);
    expect(storedChoicesSchema.safeParse({ persons: 'nope' }).success).toBe(false);
  });
});

describe('restoring and discarding in the editor', () => {
  it('restores into a blank editor only: what the customer did meanwhile wins', () => {
    const restored = restoreEditorState(keptAndReadBack(worked), { photo, facePhoto }, catalogue);
    expect(editorReducer(initialEditorState, { type: 'draftRestored', state: restored })).toMatchObject({
      photo,
      comment: 'Keep the freckles',
    });
    const other = { ...photo, url: 'blob:other' };
    const busy = play({ type: 'photoLoaded', photo: other });
    expect(editorReducer(busy, { type: 'draftRestored', state: restored }).photo).toBe(other);
  });

  it('starts over from a blank editor when the draft is discarded', () => {
    const discarded = editorReducer(worked, { type: 'draftDiscarded' });
    expect(isBlank(discarded)).toBe(true);
    expect(isBlank(worked)).toBe(false);
    expect(discarded.sequence).toBe(worked.sequence);
  });

  it('counts a comment alone as worth keeping', () => {
    expect(isBlank(play({ type: 'commentChanged', comment: 'Hi' }))).toBe(false);
    expect(isBlank(play({ type: 'commentChanged', comment: '  ' }))).toBe(true);
  });
});
