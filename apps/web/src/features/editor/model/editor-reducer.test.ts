import type { PublicService } from '@retouch/shared/catalog';
import {
  BASE_EXECUTION_MINUTES,
  MAX_PERSONS_WITH_PHOTO,
  OrderText,
  orderSubmitSchema,
} from '@retouch/shared/orders';
import { describe, expect, it } from 'vitest';
import {
  eyes,
  faceSwap,
  objectRemoval,
  shaping,
  skin,
  sticker,
  tattoo,
  teeth,
  aService,
  degrees,
} from '../test/catalog';
import {
  activePerson,
  allowsMessage,
  canAddPerson,
  editorReducer,
  hasServices,
  initialEditorState,
  isOptionChosen,
  isServiceChosen,
  needsFacePhoto,
  servicesWithOptions,
  timerMinutes,
  toOrderSubmit,
  totalCost,
  type EditorAction,
  type EditorState,
  type LoadedPhoto,
} from './editor-reducer';

const aPhoto = (name = 'me.jpg'): LoadedPhoto => ({
  file: new File(['x'], name, { type: 'image/jpeg' }),
  url: `blob:${name}`,
  width: 1200,
  height: 800,
});

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const click = (x = 100, y = 100): EditorAction => ({ type: 'canvasClicked', point: { x, y } });
const choose = (service: PublicService): EditorAction => ({ type: 'serviceChosen', service });
const chooseOption = (service: PublicService, index: number): EditorAction => ({
  type: 'optionChosen',
  service,
  option: service.optional[index]!,
});
const select = (index: number): EditorAction => ({ type: 'personSelected', index });
const names = (state: EditorState) => state.persons.map((person) => person.name);
const chosenIds = (state: EditorState) =>
  activePerson(state).entries.map((entry) => entry.option?._id ?? entry.service._id);

/** An editor with a photo loaded and `added` persons marked; the last marked one is active. */
function withPersons(added: number): EditorState {
  return run(
    initialEditorState,
    { type: 'photoLoaded', photo: aPhoto() },
    ...Array.from({ length: added }, (_, i) => click(10 * (i + 1), 20)),
  );
}

describe('persons', () => {
  it('starts with the base photo only, active', () => {
    expect(names(initialEditorState)).toEqual(['photo']);
    expect(initialEditorState.activeIndex).toBe(0);
    expect(initialEditorState.photo).toBeNull();
  });

  it('refuses to mark a person before a photo is loaded', () => {
    const state = run(initialEditorState, click());
    expect(names(state)).toEqual(['photo']);
    expect(state.notice?.text).toBe(OrderText.uploadPhotoFirst);
  });

  it('adds Person 1, Person 2 where the canvas is clicked and makes the new one active', () => {
    const state = run(
      initialEditorState,
      { type: 'photoLoaded', photo: aPhoto() },
      click(50, 60),
      click(300, 200),
    );
    expect(names(state)).toEqual(['photo', 'Person 1', 'Person 2']);
    expect(state.persons[1]!.position).toEqual({ x: 50, y: 60 });
    expect(state.persons[2]!.position).toEqual({ x: 300, y: 200 });
    expect(state.activeIndex).toBe(2);
    expect(state.notice).toBeNull();
  });

  it('takes 9 persons besides the photo and refuses the 10th with the specification text', () => {
    const full = withPersons(9);
    expect(full.persons).toHaveLength(MAX_PERSONS_WITH_PHOTO);
    expect(full.notice).toBeNull();

    const refused = run(full, click());
    expect(refused.persons).toHaveLength(MAX_PERSONS_WITH_PHOTO);
    expect(refused.notice?.text).toBe(OrderText.maxPersons);
    // A second refusal is a new notice, so the screen shows it again.
    const again = run(refused, click());
    expect(again.notice?.text).toBe(OrderText.maxPersons);
    expect(again.notice?.id).not.toBe(refused.notice?.id);
  });

  it('keeps names unique: the next number is one more than the highest in use', () => {
    const state = run(withPersons(2), { type: 'personDeleted', index: 1 }, click());
    expect(names(state)).toEqual(['photo', 'Person 2', 'Person 3']);
    const reused = run(withPersons(2), { type: 'personDeleted', index: 2 }, click());
    expect(names(reused)).toEqual(['photo', 'Person 1', 'Person 2']);
  });

  it('selects a person, ignoring an index that does not exist', () => {
    const state = run(withPersons(2), select(1));
    expect(state.activeIndex).toBe(1);
    expect(run(state, select(7)).activeIndex).toBe(1);
    expect(run(state, select(-1)).activeIndex).toBe(1);
  });

  it('moves to the previous and next person, wrapping around', () => {
    const state = run(withPersons(2), select(0));
    expect(run(state, { type: 'previousPerson' }).activeIndex).toBe(2);
    expect(run(state, { type: 'nextPerson' }).activeIndex).toBe(1);
    expect(run(state, select(2), { type: 'nextPerson' }).activeIndex).toBe(0);
    expect(run(initialEditorState, { type: 'nextPerson' }).activeIndex).toBe(0);
  });

  it('deleting the active person selects the next one', () => {
    const state = run(withPersons(3), select(2), { type: 'personDeleted', index: 2 });
    expect(names(state)).toEqual(['photo', 'Person 1', 'Person 3']);
    expect(activePerson(state).name).toBe('Person 3');
  });

  it('deleting the last, active person selects the base photo', () => {
    const state = run(withPersons(2), { type: 'personDeleted', index: 2 });
    expect(names(state)).toEqual(['photo', 'Person 1']);
    expect(state.activeIndex).toBe(0);
  });

  it('deleting another person keeps the active one selected', () => {
    const state = run(withPersons(3), { type: 'personDeleted', index: 1 });
    expect(activePerson(state).name).toBe('Person 3');
    const before = run(withPersons(3), select(1), { type: 'personDeleted', index: 3 });
    expect(activePerson(before).name).toBe('Person 1');
  });

  it('never deletes the base photo', () => {
    const state = run(withPersons(1), select(0), choose(teeth));
    expect(run(state, { type: 'personDeleted', index: 0 })).toBe(state);
  });

  it("takes a deleted person's services, cost and time with it", () => {
    const state = run(withPersons(1), choose(skin), { type: 'personDeleted', index: 1 });
    expect(totalCost(state)).toBe(0);
    expect(timerMinutes(state)).toBe(BASE_EXECUTION_MINUTES);
    expect(hasServices(state)).toBe(false);
  });
});

// The keyboard's persons (issue 25): the 1200 x 800 test photo is drawn at x 50 to 650, y 0 to 400.
describe('persons from the keyboard', () => {
  const add: EditorAction = { type: 'personAdded' };
  const move = (index: number, x: number, y: number): EditorAction => ({
    type: 'personMoved',
    index,
    offset: { x, y },
  });
  const positions = (state: EditorState) => state.persons.slice(1).map((person) => person.position);
  const loaded = run(initialEditorState, { type: 'photoLoaded', photo: aPhoto() });

  it("marks the first person at the photo's centre and makes them active", () => {
    const state = run(loaded, add);
    expect(names(state)).toEqual(['photo', 'Person 1']);
    expect(state.persons[1]!.position).toEqual({ x: 350, y: 200 });
    expect(state.activeIndex).toBe(1);
  });

  it('puts the next ones beside the taken spots, never on them, and inside the photo', () => {
    const state = run(loaded, add, add, add);
    const [first, second, third] = positions(state);
    expect(first).toEqual({ x: 350, y: 200 });
    expect(second).not.toEqual(first);
    expect(third).not.toEqual(first);
    expect(third).not.toEqual(second);
    const full = run(loaded, ...Array.from({ length: 9 }, () => add));
    const spots = positions(full).map((point) => `${point!.x},${point!.y}`);
    expect(new Set(spots).size).toBe(9);
    for (const point of positions(full)) {
      expect(point!.x).toBeGreaterThanOrEqual(50);
      expect(point!.x).toBeLessThanOrEqual(650);
      expect(point!.y).toBeGreaterThanOrEqual(0);
      expect(point!.y).toBeLessThanOrEqual(400);
    }
  });

  it('refuses as a click would: without a photo, and past 9 persons', () => {
    expect(run(initialEditorState, add).notice?.text).toBe(OrderText.uploadPhotoFirst);
    expect(canAddPerson(initialEditorState)).toBe(false);
    const full = withPersons(9);
    expect(canAddPerson(full)).toBe(false);
    const refused = run(full, add);
    expect(refused.persons).toHaveLength(MAX_PERSONS_WITH_PHOTO);
    expect(refused.notice?.text).toBe(OrderText.maxPersons);
    expect(canAddPerson(withPersons(8))).toBe(true);
  });

  it('adds a person even while an embed-type picture waits for its click', () => {
    const state = run(loaded, choose(objectRemoval), add);
    expect(names(state)).toEqual(['photo', 'Person 1']);
    expect(state.armedEmbed?.service._id).toBe(objectRemoval._id);
  });

  it('moves a marker by the offset, without selecting it', () => {
    const state = run(loaded, add, add, move(1, 5, -20));
    expect(state.persons[1]!.position).toEqual({ x: 355, y: 180 });
    expect(state.activeIndex).toBe(2);
  });

  it('keeps a moved marker on the photo', () => {
    const state = run(loaded, click(60, 10), move(1, -20, -20));
    expect(state.persons[1]!.position).toEqual({ x: 50, y: 0 });
    const far = run(loaded, click(640, 390), move(1, 20, 20), move(1, 20, 20));
    expect(far.persons[1]!.position).toEqual({ x: 650, y: 400 });
  });

  it('moves nothing for the base photo or a person that does not exist', () => {
    const state = run(loaded, add);
    expect(run(state, move(0, 5, 5))).toBe(state);
    expect(run(state, move(4, 5, 5))).toBe(state);
  });

  it('places an armed picture at a free spot and adds its service, as the click would', () => {
    const state = run(loaded, add, choose(objectRemoval), { type: 'embedPlaced' });
    expect(state.armedEmbed).toBeNull();
    expect(chosenIds(state)).toEqual([objectRemoval._id]);
    expect(state.embeds).toHaveLength(1);
    expect(state.embeds[0]!.position).not.toEqual({ x: 350, y: 200 });
    expect(run(loaded, { type: 'embedPlaced' })).toBe(loaded);
  });
});

describe('services', () => {
  it('toggles a single-use service on and off for the active person only', () => {
    const on = run(withPersons(1), choose(teeth));
    expect(chosenIds(on)).toEqual([teeth._id]);
    expect(isServiceChosen(on, teeth._id)).toBe(true);
    expect(isServiceChosen(run(on, select(0)), teeth._id)).toBe(false);

    const off = run(on, choose(teeth));
    expect(chosenIds(off)).toEqual([]);
  });

  it('removing a service removes its option too', () => {
    const byToggle = run(withPersons(0), choose(eyes), chooseOption(eyes, 0), choose(eyes));
    expect(chosenIds(byToggle)).toEqual([]);
    const withOption = run(withPersons(0), choose(eyes), chooseOption(eyes, 0));
    const serviceKey = activePerson(withOption).entries[0]!.key;
    const byRemove = run(withOption, { type: 'entryRemoved', key: serviceKey });
    expect(chosenIds(byRemove)).toEqual([]);
  });

  it('adds another instance of a multi service on each click; each is removed on its own', () => {
    const state = run(withPersons(0), choose(tattoo), choose(tattoo), choose(tattoo));
    const entries = activePerson(state).entries;
    expect(chosenIds(state)).toEqual([tattoo._id, tattoo._id, tattoo._id]);
    expect(new Set(entries.map((entry) => entry.key)).size).toBe(3);

    const fewer = run(state, { type: 'entryRemoved', key: entries[1]!.key });
    expect(activePerson(fewer).entries.map((entry) => entry.key)).toEqual([entries[0]!.key, entries[2]!.key]);
    expect(totalCost(fewer)).toBe(2 * tattoo.cost);
  });

  it("keeps a multi service's option while an instance remains and drops it with the last", () => {
    const multiWithOptions = { ...eyes, _id: 's-multi', multi: true };
    const state = run(
      withPersons(0),
      choose(multiWithOptions),
      choose(multiWithOptions),
      chooseOption(multiWithOptions, 0),
    );
    const [first, second] = activePerson(state).entries;
    const oneLeft = run(state, { type: 'entryRemoved', key: first!.key });
    expect(isOptionChosen(oneLeft, 'o-whiten')).toBe(true);
    const none = run(oneLeft, { type: 'entryRemoved', key: second!.key });
    expect(chosenIds(none)).toEqual([]);
  });
});

describe('options', () => {
  it('are offered only under a service the active person has', () => {
    const state = run(withPersons(1), chooseOption(eyes, 0));
    expect(chosenIds(state)).toEqual([]);
    expect(servicesWithOptions(state)).toEqual([]);
    const withEyes = run(state, choose(eyes), choose(teeth));
    expect(servicesWithOptions(withEyes).map((service) => service._id)).toEqual([eyes._id]);
    expect(servicesWithOptions(run(withEyes, select(0)))).toEqual([]);
  });

  it('replaces another option of the same service, and the chosen one is removed by a click', () => {
    const first = run(withPersons(0), choose(eyes), chooseOption(eyes, 0));
    expect(chosenIds(first)).toEqual([eyes._id, 'o-whiten']);
    const replaced = run(first, chooseOption(eyes, 1));
    expect(chosenIds(replaced)).toEqual([eyes._id, 'o-colour']);
    expect(isOptionChosen(replaced, 'o-whiten')).toBe(false);
    const removed = run(replaced, chooseOption(eyes, 1));
    expect(chosenIds(removed)).toEqual([eyes._id]);
  });

  it('keeps the options of different services side by side', () => {
    const makeup = aService('s-makeup', 'Digital makeup', {
      optional: [{ ...eyes.optional[0]!, _id: 'o-natural', title: { admin: 'Натурально', user: 'Natural' } }],
    });
    const state = run(
      withPersons(0),
      choose(eyes),
      choose(makeup),
      chooseOption(eyes, 0),
      chooseOption(makeup, 0),
    );
    expect(chosenIds(state)).toEqual([eyes._id, makeup._id, 'o-whiten', 'o-natural']);
  });
});

describe('degrees of action', () => {
  const entryOf = (state: EditorState, serviceId: string) =>
    activePerson(state).entries.find((entry) => entry.service._id === serviceId && !entry.option)!;

  it("preselects the service's default degree, else its first, and none without degrees", () => {
    const noDefault = aService('s-nodefault', 'No default', {
      degreeAction: degrees.map((degree) => ({ ...degree, default: false })),
    });
    const state = run(
      withPersons(0),
      choose(skin),
      choose(noDefault),
      choose(teeth),
      choose(eyes),
      chooseOption(eyes, 0),
    );
    expect(entryOf(state, skin._id).degreeIds).toEqual(['d-medium']);
    expect(entryOf(state, noDefault._id).degreeIds).toEqual(['d-light']);
    expect(entryOf(state, teeth._id).degreeIds).toEqual([]);
    expect(activePerson(state).entries.find((entry) => entry.option)!.degreeIds).toEqual([]);
  });

  it('keeps exactly one degree for an ordinary service', () => {
    const state = run(withPersons(0), choose(skin));
    const key = entryOf(state, skin._id).key;
    const strong = run(state, { type: 'degreesChosen', key, degreeIds: ['d-strong'] });
    expect(entryOf(strong, skin._id).degreeIds).toEqual(['d-strong']);
    const two = run(state, { type: 'degreesChosen', key, degreeIds: ['d-light', 'd-strong'] });
    expect(entryOf(two, skin._id).degreeIds).toEqual(['d-strong']);
  });

  it('takes several degrees for a multi-degree service, but never none or foreign ones', () => {
    const state = run(withPersons(0), choose(shaping));
    const key = entryOf(state, shaping._id).key;
    const several = run(state, {
      type: 'degreesChosen',
      key,
      degreeIds: ['d-light', 'd-strong', 'd-unknown'],
    });
    expect(entryOf(several, shaping._id).degreeIds).toEqual(['d-light', 'd-strong']);
    const none = run(several, { type: 'degreesChosen', key, degreeIds: [] });
    expect(entryOf(none, shaping._id).degreeIds).toEqual(['d-light', 'd-strong']);
  });
});

describe('embed-type services', () => {
  it('arm their picture instead of being added; a second click disarms', () => {
    const armed = run(withPersons(1), choose(objectRemoval));
    expect(armed.armedEmbed?.service._id).toBe(objectRemoval._id);
    expect(chosenIds(armed)).toEqual([]);
    expect(totalCost(armed)).toBe(0);
    expect(run(armed, choose(objectRemoval)).armedEmbed).toBeNull();
  });

  it('place the picture on the next canvas click and add the service to the active person', () => {
    const state = run(withPersons(1), choose(objectRemoval), click(222, 111));
    expect(names(state)).toEqual(['photo', 'Person 1']);
    expect(state.armedEmbed).toBeNull();
    expect(chosenIds(state)).toEqual([objectRemoval._id]);
    expect(state.embeds).toEqual([
      {
        key: activePerson(state).entries[0]!.key,
        serviceId: objectRemoval._id,
        picture: objectRemoval.picture,
        position: { x: 222, y: 111 },
      },
    ]);
    expect(totalCost(state)).toBe(objectRemoval.cost);
    // The click after that marks a person again.
    expect(names(run(state, click()))).toEqual(['photo', 'Person 1', 'Person 2']);
  });

  it('are placed even when the person limit is reached', () => {
    const state = run(withPersons(9), choose(objectRemoval), click());
    expect(state.notice).toBeNull();
    expect(state.embeds).toHaveLength(1);
  });

  it('lose their picture when the service or its person is removed', () => {
    const state = run(withPersons(1), choose(objectRemoval), click(), choose(objectRemoval), click(5, 5));
    expect(state.embeds).toHaveLength(2);
    const firstKey = activePerson(state).entries[0]!.key;
    expect(run(state, { type: 'entryRemoved', key: firstKey }).embeds).toHaveLength(1);
    expect(run(state, { type: 'personDeleted', index: 1 }).embeds).toEqual([]);
  });

  it('toggle off when single-use and already placed', () => {
    const placed = run(withPersons(0), choose(sticker), click());
    expect(chosenIds(placed)).toEqual([sticker._id]);
    const off = run(placed, choose(sticker));
    expect(chosenIds(off)).toEqual([]);
    expect(off.embeds).toEqual([]);
    expect(off.armedEmbed).toBeNull();
  });
});

describe('cost and timer', () => {
  it('start at 0 coins and 10 minutes', () => {
    expect(totalCost(initialEditorState)).toBe(0);
    expect(timerMinutes(initialEditorState)).toBe(BASE_EXECUTION_MINUTES);
  });

  it("add each service's and option's cost and time, and subtract them on removal", () => {
    const state = run(
      withPersons(1),
      choose(skin),
      choose(eyes),
      chooseOption(eyes, 1),
      select(0),
      choose(teeth),
    );
    expect(totalCost(state)).toBe(5 + 3 + 3 + 2);
    expect(timerMinutes(state)).toBe(10 + 15 + 10 + 5 + 5);

    const withoutTeeth = run(state, choose(teeth));
    expect(totalCost(withoutTeeth)).toBe(11);
    expect(timerMinutes(withoutTeeth)).toBe(40);
    const withoutEyes = run(withoutTeeth, select(1), choose(eyes));
    expect(totalCost(withoutEyes)).toBe(5);
    expect(timerMinutes(withoutEyes)).toBe(25);
  });
});

describe('message and face photo', () => {
  it('allow a message only while a chosen service does', () => {
    const state = run(withPersons(1), choose(teeth));
    expect(allowsMessage(state)).toBe(false);
    expect(allowsMessage(run(state, choose(skin)))).toBe(true);
    expect(allowsMessage(run(state, choose(skin), choose(skin)))).toBe(false);
  });

  it('need the face photo only while a chosen service allows an additional image', () => {
    const state = run(withPersons(0), choose(faceSwap));
    expect(needsFacePhoto(state)).toBe(true);
    expect(needsFacePhoto(run(state, choose(faceSwap)))).toBe(false);
  });

  it('keep the comment and the face photo', () => {
    const facePhoto = { file: new File(['f'], 'face.jpg'), url: 'blob:face' };
    const state = run(
      initialEditorState,
      { type: 'commentChanged', comment: 'Warmer light' },
      { type: 'facePhotoChosen', facePhoto },
    );
    expect(state.comment).toBe('Warmer light');
    expect(state.facePhoto).toBe(facePhoto);
    expect(run(state, { type: 'facePhotoChosen', facePhoto: null }).facePhoto).toBeNull();
  });
});

describe('a new photo', () => {
  it('resets the persons, the services and the placed pictures', () => {
    const busy = run(withPersons(2), choose(skin), choose(objectRemoval), click(), choose(objectRemoval), {
      type: 'commentChanged',
      comment: 'Soft',
    });
    expect(busy.armedEmbed).not.toBeNull();
    const photo = aPhoto('other.jpg');
    const state = run(busy, { type: 'photoLoaded', photo });
    expect(state.photo).toBe(photo);
    expect(names(state)).toEqual(['photo']);
    expect(state.activeIndex).toBe(0);
    expect(hasServices(state)).toBe(false);
    expect(state.embeds).toEqual([]);
    expect(state.armedEmbed).toBeNull();
    expect(totalCost(state)).toBe(0);
    expect(timerMinutes(state)).toBe(BASE_EXECUTION_MINUTES);
    expect(state.comment).toBe('Soft');
  });
});

describe('toOrderSubmit', () => {
  it('lists the persons with services, options marked optional, with their degrees and the message', () => {
    const state = run(
      withPersons(2),
      select(1),
      choose(eyes),
      chooseOption(eyes, 0),
      select(0),
      choose(skin),
      { type: 'commentChanged', comment: '  Keep the freckles  ' },
    );
    const submit = toOrderSubmit(state);
    expect(submit).toEqual({
      order: {
        persons: [
          { id: 'photo', orders: [{ id: skin._id, degreeAction: ['d-medium'], isOptional: false }] },
          {
            id: 'Person 1',
            orders: [
              { id: eyes._id, degreeAction: ['d-medium'], isOptional: false },
              { id: 'o-whiten', degreeAction: [], isOptional: true },
            ],
          },
        ],
        message: 'Keep the freckles',
      },
    });
  });

  it('leaves out persons without services and the comment when no service allows it', () => {
    const state = run(withPersons(2), choose(teeth), { type: 'commentChanged', comment: 'Hidden' });
    expect(toOrderSubmit(state)).toEqual({
      order: {
        persons: [{ id: 'Person 2', orders: [{ id: teeth._id, degreeAction: [], isOptional: false }] }],
        message: '',
      },
    });
  });

  it('produces what the shared schema of the server accepts', () => {
    const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const service = aService(uuid(1), 'Skin', {
      degreeAction: [{ _id: uuid(2), title: { user: 'Medium' }, default: true }],
      optional: [{ ...eyes.optional[0]!, _id: uuid(3) }],
    });
    const state = run(withPersons(1), choose(service), chooseOption(service, 0));
    // Through JSON, as the multipart `data` field carries it.
    const parsed = orderSubmitSchema.safeParse(JSON.parse(JSON.stringify(toOrderSubmit(state))));
    expect(parsed.success).toBe(true);
  });
});
