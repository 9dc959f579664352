import type { PublicOption, PublicService } from '@retouch/shared/catalog';
import {
  entryCatalogOf,
  priceEntries,
  ruleBrokenByAdding,
  type EntryCatalog,
  type OrderEntryInput,
  type PersonEntriesInput,
  type PricedEntries,
} from '@retouch/shared/order-entries';
import {
  BASE_EXECUTION_MINUTES,
  MAX_PERSONS_WITH_PHOTO,
  OrderText,
  type OrderSubmit,
} from '@retouch/shared/orders';
import { clampInside, freeSpot, photoArea } from './marker-placement';

/** Name of the base person: the whole photo (customer-side section 3). */
export const BASE_PERSON = 'photo';
const PERSON_PREFIX = 'Person ';

/** A point in the canvas's own 700 x 400 coordinates (independent of the displayed size). */
export interface Point {
  x: number;
  y: number;
}

export interface LoadedPhoto {
  file: File;
  /** Object URL of the file. */
  url: string;
  width: number;
  height: number;
}

export interface FacePhoto {
  file: File;
  url: string;
}

/** A service or an option chosen for a person. */
export interface ChosenEntry {
  /** Unique within the editor, so instances of a multi service can be told apart. */
  key: string;
  /** The service; for an option, the service the option belongs to. */
  service: PublicService;
  /** Set when the entry is an option of `service`. */
  option: PublicOption | null;
  degreeIds: string[];
}

export interface Person {
  /** 'photo' or 'Person N'. */
  name: string;
  /** Where the marker is; null for the base photo. */
  position: Point | null;
  entries: ChosenEntry[];
  /** Issue 23: the customer's person profile applied to this person; the order keeps a copy of it. */
  profile?: AppliedProfile;
}

/** A person profile as a person carries it: the order names its id, the screen shows its notes. */
interface AppliedProfile {
  id: string;
  name: string;
  notes: string;
  checklist: string[];
}

/** A service (and option) of a profile, found in the catalogue the editor shows (`profileEntries`). */
export type ProfileEntry = Pick<ChosenEntry, 'service' | 'option' | 'degreeIds'>;

/** An embed-type service's picture placed on the canvas; it belongs to the entry with the same key. */
export interface PlacedEmbed {
  key: string;
  serviceId: string;
  picture: string;
  position: Point;
}

/** A refusal the screen shows once; `id` grows so the same text can be shown again. */
interface EditorNotice {
  id: number;
  text: string;
}

export interface EditorState {
  photo: LoadedPhoto | null;
  persons: Person[];
  activeIndex: number;
  /** An embed-type service waiting for the canvas click that places its picture. */
  armedEmbed: { service: PublicService } | null;
  embeds: PlacedEmbed[];
  comment: string;
  facePhoto: FacePhoto | null;
  notice: EditorNotice | null;
  /** Counter behind entry keys and notice ids. */
  sequence: number;
}

export type EditorAction =
  | { type: 'photoLoaded'; photo: LoadedPhoto }
  | { type: 'canvasClicked'; point: Point }
  /** Persons marked at once at these points (faces found on the photo, accepted). */
  | { type: 'personsAdded'; points: Point[] }
  /** The keyboard's way to mark a person: the marker goes to a free spot of the photo. */
  | { type: 'personAdded' }
  /** A marker moved by `offset` (arrow keys), kept on the photo. */
  | { type: 'personMoved'; index: number; offset: Point }
  /** The keyboard's way to place the armed embed-type picture: at a free spot of the photo. */
  | { type: 'embedPlaced' }
  | { type: 'personSelected'; index: number }
  | { type: 'previousPerson' }
  | { type: 'nextPerson' }
  | { type: 'personDeleted'; index: number }
  | { type: 'serviceChosen'; service: PublicService }
  | { type: 'optionChosen'; service: PublicService; option: PublicOption }
  | { type: 'entryRemoved'; key: string }
  | { type: 'degreesChosen'; key: string; degreeIds: string[] }
  | { type: 'commentChanged'; comment: string }
  | { type: 'facePhotoChosen'; facePhoto: FacePhoto | null }
  /** Issue 23: the active person takes the profile's services and degrees, and carries the profile. */
  | { type: 'profileApplied'; profile: AppliedProfile; entries: ProfileEntry[] }
  | { type: 'profileDetached' }
  /** The draft kept on the device, restored; taken only while the editor is still blank. */
  | { type: 'draftRestored'; state: EditorState }
  | { type: 'draftDiscarded' };

const basePerson = (): Person => ({ name: BASE_PERSON, position: null, entries: [] });

export const initialEditorState: EditorState = {
  photo: null,
  persons: [basePerson()],
  activeIndex: 0,
  armedEmbed: null,
  embeds: [],
  comment: '',
  facePhoto: null,
  notice: null,
  sequence: 0,
};

/** The editor's rules (customer-side sections 4 and 5) as a pure reducer. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'photoLoaded':
      // A new photo is a new order: persons, services and placed pictures start again.
      return {
        ...state,
        photo: action.photo,
        persons: [basePerson()],
        activeIndex: 0,
        armedEmbed: null,
        embeds: [],
      };
    case 'canvasClicked':
      return clickCanvas(state, action.point);
    case 'personsAdded':
      return addPersons(state, action.points);
    case 'personAdded':
      return addPersonAtFreeSpot(state);
    case 'personMoved':
      return movePerson(state, action.index, action.offset);
    case 'embedPlaced':
      return state.photo && state.armedEmbed
        ? placeEmbed(state, state.armedEmbed.service, freeSpotOf(state, state.photo))
        : state;
    case 'personSelected':
      return action.index >= 0 && action.index < state.persons.length
        ? { ...state, activeIndex: action.index }
        : state;
    case 'previousPerson':
      return { ...state, activeIndex: (state.activeIndex - 1 + state.persons.length) % state.persons.length };
    case 'nextPerson':
      return { ...state, activeIndex: (state.activeIndex + 1) % state.persons.length };
    case 'personDeleted':
      return deletePerson(state, action.index);
    case 'serviceChosen':
      return chooseService(state, action.service);
    case 'optionChosen':
      return chooseOption(state, action.service, action.option);
    case 'entryRemoved':
      return removeEntry(state, action.key);
    case 'degreesChosen':
      return chooseDegrees(state, action.key, action.degreeIds);
    case 'commentChanged':
      return { ...state, comment: action.comment };
    case 'facePhotoChosen':
      return { ...state, facePhoto: action.facePhoto };
    case 'profileApplied':
      return applyProfile(state, action.profile, action.entries);
    case 'profileDetached':
      return {
        ...state,
        persons: state.persons.map((person, index) =>
          index === state.activeIndex
            ? { name: person.name, position: person.position, entries: person.entries }
            : person,
        ),
      };
    case 'draftRestored':
      // Whatever the customer did while the draft was read wins over it.
      if (!isBlank(state)) return state;
      return {
        ...action.state,
        notice: state.notice,
        sequence: Math.max(action.state.sequence, state.sequence),
      };
    case 'draftDiscarded':
      // The sequence goes on, so a notice after the discard is still shown.
      return { ...initialEditorState, notice: state.notice, sequence: state.sequence };
  }
}

function withNotice(state: EditorState, text: string): EditorState {
  const id = state.sequence + 1;
  return { ...state, sequence: id, notice: { id, text } };
}

function updateActivePerson(state: EditorState, update: (entries: ChosenEntry[]) => ChosenEntry[]) {
  return state.persons.map((person, index) =>
    index === state.activeIndex ? { ...person, entries: update(person.entries) } : person,
  );
}

/** The next 'Person N': one more than the highest N in use, so names stay unique. */
export function nextPersonName(persons: readonly Person[]): string {
  const numbers = persons
    .map((person) =>
      person.name.startsWith(PERSON_PREFIX) ? Number(person.name.slice(PERSON_PREFIX.length)) : 0,
    )
    .filter((value) => Number.isInteger(value));
  return `${PERSON_PREFIX}${Math.max(0, ...numbers) + 1}`;
}

function clickCanvas(state: EditorState, point: Point): EditorState {
  if (!state.photo) return withNotice(state, OrderText.uploadPhotoFirst);
  if (state.armedEmbed) return placeEmbed(state, state.armedEmbed.service, point);
  if (state.persons.length >= MAX_PERSONS_WITH_PHOTO) return withNotice(state, OrderText.maxPersons);
  const person: Person = { name: nextPersonName(state.persons), position: point, entries: [] };
  return { ...state, persons: [...state.persons, person], activeIndex: state.persons.length };
}

/** Persons at the points, up to the limit; the first added is selected. */
function addPersons(state: EditorState, points: readonly Point[]): EditorState {
  if (!state.photo) return withNotice(state, OrderText.uploadPhotoFirst);
  const taken = points.slice(0, Math.max(0, MAX_PERSONS_WITH_PHOTO - state.persons.length));
  let persons = state.persons;
  for (const point of taken)
    persons = [...persons, { name: nextPersonName(persons), position: point, entries: [] }];
  const activeIndex = taken.length > 0 ? state.persons.length : state.activeIndex;
  const added = { ...state, persons, activeIndex };
  return taken.length < points.length ? withNotice(added, OrderText.maxPersons) : added;
}

/** A free spot away from the markers and the placed pictures. */
function freeSpotOf(state: EditorState, photo: LoadedPhoto): Point {
  const taken = [
    ...state.persons.flatMap((person) => (person.position ? [person.position] : [])),
    ...state.embeds.map((embed) => embed.position),
  ];
  return freeSpot(photoArea(photo), taken);
}

/** A person marked as a click would, at a free spot; an armed picture waits for its own placing. */
function addPersonAtFreeSpot(state: EditorState): EditorState {
  if (!state.photo) return withNotice(state, OrderText.uploadPhotoFirst);
  return addPersons(state, [freeSpotOf(state, state.photo)]);
}

function movePerson(state: EditorState, index: number, offset: Point): EditorState {
  const person = state.persons[index];
  if (!state.photo || !person?.position) return state;
  const moved = { x: person.position.x + offset.x, y: person.position.y + offset.y };
  const position = clampInside(moved, photoArea(state.photo));
  return {
    ...state,
    persons: state.persons.map((candidate, i) => (i === index ? { ...candidate, position } : candidate)),
  };
}

function placeEmbed(state: EditorState, service: PublicService, point: Point): EditorState {
  const { entry, sequence } = newEntry(state, service, null);
  return {
    ...state,
    sequence,
    armedEmbed: null,
    persons: updateActivePerson(state, (entries) => [...entries, entry]),
    embeds: [
      ...state.embeds,
      { key: entry.key, serviceId: service._id, picture: service.picture, position: point },
    ],
  };
}

function deletePerson(state: EditorState, index: number): EditorState {
  const person = state.persons[index];
  // The base photo stays: it is the person every order has.
  if (index === 0 || !person) return state;
  const persons = state.persons.filter((_, i) => i !== index);
  const removedKeys = new Set(person.entries.map((entry) => entry.key));
  let activeIndex = state.activeIndex;
  if (index === state.activeIndex) activeIndex = index < persons.length ? index : 0;
  else if (index < state.activeIndex) activeIndex -= 1;
  return {
    ...state,
    persons,
    activeIndex,
    embeds: state.embeds.filter((embed) => !removedKeys.has(embed.key)),
  };
}

// The entry rules: what may be chosen and what it costs come from the shared rules (DESIGN 4).

/** The rules' catalogue: the services the editor has in play, as the public catalogue gave them. */
function catalogOf(state: EditorState, ...more: PublicService[]): EntryCatalog {
  return entryCatalogOf([{ list: [...allEntries(state).map((entry) => entry.service), ...more] }]);
}

const entryInput = (
  entry: ChosenEntry,
): Required<Pick<OrderEntryInput, 'id' | 'isOptional'>> & {
  degreeAction: string[];
} => ({
  id: entry.option?._id ?? entry.service._id,
  degreeAction: entry.degreeIds,
  isOptional: entry.option !== null,
});

const personInput = (person: Person): PersonEntriesInput => ({
  id: person.name,
  orders: person.entries.map(entryInput),
});

/** The degrees the rules give a service chosen without any: the one it marks default, else its first. */
export function defaultDegreeIds(service: PublicService): string[] {
  // The public catalogue marks the default degree per service, so the service alone is the catalogue.
  const catalog = entryCatalogOf([{ list: [service] }]);
  const check = priceEntries([{ id: BASE_PERSON, orders: [{ id: service._id }] }], catalog);
  return check.ok ? (check.priced.persons[0]?.items[0]?.degreeIds ?? []) : [];
}

function newEntry(state: EditorState, service: PublicService, option: PublicOption | null) {
  const sequence = state.sequence + 1;
  const entry: ChosenEntry = {
    key: `entry-${sequence}`,
    service,
    option,
    degreeIds: option ? [] : defaultDegreeIds(service),
  };
  return { entry, sequence };
}

const isServiceEntry = (serviceId: string) => (entry: ChosenEntry) =>
  entry.option === null && entry.service._id === serviceId;

function chooseService(state: EditorState, service: PublicService): EditorState {
  const person = activePerson(state);
  const chosen = person.entries.find(isServiceEntry(service._id));
  const broken = ruleBrokenByAdding(personInput(person), [{ id: service._id }], catalogOf(state, service));
  // A service the rules take only once toggles off, whatever its kind.
  if (chosen && broken?.rule === 'serviceRepeated') return removeEntry(state, chosen.key);
  if (broken) return withNotice(state, broken.text);
  if (service.embedInCanvas) {
    const armedHere = state.armedEmbed?.service._id === service._id;
    return { ...state, armedEmbed: armedHere ? null : { service } };
  }
  const { entry, sequence } = newEntry(state, service, null);
  return { ...state, sequence, persons: updateActivePerson(state, (list) => [...list, entry]) };
}

function chooseOption(state: EditorState, service: PublicService, option: PublicOption): EditorState {
  const person = activePerson(state);
  const current = person.entries.find((entry) => entry.option !== null && entry.service._id === service._id);
  if (current?.option?._id === option._id) return removeEntry(state, current.key);
  // The new option replaces the current one; the rules take it only under a service the person has.
  const others = { ...person, entries: person.entries.filter((entry) => entry !== current) };
  const added = { id: option._id, isOptional: true };
  if (ruleBrokenByAdding(personInput(others), [added], catalogOf(state, service))) return state;
  const { entry, sequence } = newEntry(state, service, option);
  return {
    ...state,
    sequence,
    persons: updateActivePerson(state, (list) => [...list.filter((e) => e !== current), entry]),
  };
}

/**
 * The profile's services replace the active person's, each only where the entry rules take it after the
 * ones before (the catalogue may have changed since the profile was saved); their placed pictures go.
 */
function applyProfile(state: EditorState, profile: AppliedProfile, chosen: ProfileEntry[]): EditorState {
  const person = activePerson(state);
  let sequence = state.sequence;
  const entries: ChosenEntry[] = [];
  const catalog = catalogOf(state, ...chosen.map((entry) => entry.service));
  for (const entry of chosen) {
    const input = entryInput({ ...entry, key: '' });
    if (ruleBrokenByAdding({ id: person.name, orders: entries.map(entryInput) }, [input], catalog)) continue;
    sequence += 1;
    entries.push({ ...entry, key: `entry-${sequence}` });
  }
  const removed = new Set(person.entries.map((entry) => entry.key));
  return {
    ...state,
    sequence,
    armedEmbed: null,
    persons: state.persons.map((candidate, index) =>
      index === state.activeIndex ? { ...candidate, entries, profile } : candidate,
    ),
    embeds: state.embeds.filter((embed) => !removed.has(embed.key)),
  };
}

function removeEntry(state: EditorState, key: string): EditorState {
  const persons = state.persons.map((person) => {
    const removed = person.entries.find((entry) => entry.key === key);
    if (!removed) return person;
    let entries = person.entries.filter((entry) => entry !== removed);
    // The last instance of a service takes its option with it.
    if (removed.option === null && !entries.some(isServiceEntry(removed.service._id))) {
      entries = entries.filter((entry) => entry.service._id !== removed.service._id);
    }
    return { ...person, entries };
  });
  const kept = new Set(persons.flatMap((person) => person.entries.map((entry) => entry.key)));
  return { ...state, persons, embeds: state.embeds.filter((embed) => kept.has(embed.key)) };
}

function chooseDegrees(state: EditorState, key: string, degreeIds: string[]): EditorState {
  const persons = state.persons.map((person) => ({
    ...person,
    entries: person.entries.map((entry) => {
      if (entry.key !== key || entry.option) return entry;
      const offered = new Set(entry.service.degreeAction.map((degree) => degree._id));
      const valid = [...new Set(degreeIds)].filter((id) => offered.has(id));
      // A degree is always set: several for a multi-degree service, else exactly one (the last chosen).
      if (valid.length === 0) return entry;
      return { ...entry, degreeIds: entry.service.multiDegree ? valid : valid.slice(-1) };
    }),
  }));
  return { ...state, persons };
}

// Derived values.

export function activePerson(state: EditorState): Person {
  return state.persons[state.activeIndex] ?? state.persons[0]!;
}

const allEntries = (state: EditorState) => state.persons.flatMap((person) => person.entries);

const nothingPriced: PricedEntries = {
  persons: [],
  cost: 0,
  costForExecutor: 0,
  executionTime: BASE_EXECUTION_MINUTES,
  needsAdditionalImage: false,
};

/** The chosen entries priced by the shared rules, as the server will price them. */
export function editorPricing(state: EditorState): PricedEntries {
  const persons = state.persons.filter((person) => person.entries.length > 0).map(personInput);
  const check = priceEntries(persons, catalogOf(state), { allowEmpty: true });
  // The reducer only lets valid choices in, so a broken rule here means nothing can be priced.
  return check.ok ? check.priced : nothingPriced;
}

export function totalCost(state: EditorState): number {
  return editorPricing(state).cost;
}

/** The timer: 10 minutes plus each chosen service's and option's execution time. */
export function timerMinutes(state: EditorState): number {
  return editorPricing(state).executionTime;
}

/** What one chosen entry costs. */
export function entryCost(entry: ChosenEntry): number {
  return (entry.option ?? entry.service).cost;
}

/** Whether one more person can be marked (a photo is loaded and the limit is not reached). */
export function canAddPerson(state: EditorState): boolean {
  return state.photo !== null && state.persons.length < MAX_PERSONS_WITH_PHOTO;
}

export function hasServices(state: EditorState): boolean {
  return allEntries(state).length > 0;
}

/** Whether a new photo would throw work away: persons marked on the current one, or services chosen. */
export function hasMarks(state: EditorState): boolean {
  return state.persons.length > 1 || hasServices(state);
}

/** Whether the editor holds nothing worth keeping: no photo, no choice, no comment. */
export function isBlank(state: EditorState): boolean {
  return !state.photo && !state.facePhoto && !hasMarks(state) && state.comment.trim() === '';
}

export function allowsMessage(state: EditorState): boolean {
  return allEntries(state).some((entry) => entry.service.allowMessage);
}

export function needsFacePhoto(state: EditorState): boolean {
  return editorPricing(state).needsAdditionalImage;
}

/** Whether the active person has this service (at least one instance). */
export function isServiceChosen(state: EditorState, serviceId: string): boolean {
  return activePerson(state).entries.some(isServiceEntry(serviceId));
}

export function isOptionChosen(state: EditorState, optionId: string): boolean {
  return activePerson(state).entries.some((entry) => entry.option?._id === optionId);
}

/** The services of the active person that offer options, once each. */
export function servicesWithOptions(state: EditorState): PublicService[] {
  const services = new Map<string, PublicService>();
  for (const entry of activePerson(state).entries) {
    if (entry.option === null && entry.service.optional.length > 0)
      services.set(entry.service._id, entry.service);
  }
  return [...services.values()];
}

/** The `data` JSON of `POST /api/orders/create`; persons without services are left out. */
export function toOrderSubmit(state: EditorState): OrderSubmit {
  return {
    order: {
      persons: state.persons
        .filter((person) => person.entries.length > 0)
        .map((person) => ({
          id: person.name,
          orders: person.entries.map(entryInput),
          ...(person.profile ? { profileId: person.profile.id } : {}),
        })),
      // The comment box is shown only for services that allow a message, so only they send one.
      message: allowsMessage(state) ? state.comment.trim() : '',
    },
  };
}
