import type { PublicGroup, PublicOption, PublicService } from '@retouch/shared/catalog';
import { z } from 'zod';
import {
  BASE_PERSON,
  defaultDegreeIds,
  initialEditorState,
  type ChosenEntry,
  type EditorState,
  type FacePhoto,
  type LoadedPhoto,
  type Person,
} from './editor-reducer';

const pointSchema = z.object({ x: z.number(), y: z.number() });

/**
 * The choices of a draft as the device keeps them (IndexedDB): services by id, looked up again in the
 * catalogue when restored, so a price or a service changed meanwhile is what the editor shows.
 */
export const storedChoicesSchema = z.object({
  version: z.literal(1),
  persons: z
    .array(
      z.object({
        name: z.string(),
        position: pointSchema.nullable(),
        entries: z.array(
          z.object({
            key: z.string(),
            serviceId: z.string(),
            optionId: z.string().nullable(),
            degreeIds: z.array(z.string()),
          }),
        ),
        profile: z
          .object({ id: z.string(), name: z.string(), notes: z.string(), checklist: z.array(z.string()) })
          .optional(),
      }),
    )
    .min(1),
  activeIndex: z.number().int().min(0),
  embeds: z.array(z.object({ key: z.string(), position: pointSchema })),
  comment: z.string(),
  sequence: z.number().int().min(0),
});
export type StoredChoices = z.infer<typeof storedChoicesSchema>;

/** The editor's choices as the device keeps them; the photos are kept beside them, as files. */
export function toStoredChoices(state: EditorState): StoredChoices {
  return {
    version: 1,
    persons: state.persons.map((person) => ({
      name: person.name,
      position: person.position,
      entries: person.entries.map((entry) => ({
        key: entry.key,
        serviceId: entry.service._id,
        optionId: entry.option?._id ?? null,
        degreeIds: entry.degreeIds,
      })),
      ...(person.profile ? { profile: person.profile } : {}),
    })),
    activeIndex: state.activeIndex,
    embeds: state.embeds.map((embed) => ({ key: embed.key, position: embed.position })),
    comment: state.comment,
    sequence: state.sequence,
  };
}

type StoredEntry = StoredChoices['persons'][number]['entries'][number];

function resolveEntry(stored: StoredEntry, services: Map<string, PublicService>): ChosenEntry | null {
  const service = services.get(stored.serviceId);
  if (!service) return null;
  let option: PublicOption | null = null;
  if (stored.optionId !== null) {
    option = service.optional.find((offered) => offered._id === stored.optionId) ?? null;
    if (!option) return null;
    return { key: stored.key, service, option, degreeIds: [] };
  }
  const offered = new Set(service.degreeAction.map((degree) => degree._id));
  const degreeIds = stored.degreeIds.filter((id) => offered.has(id));
  return {
    key: stored.key,
    service,
    option,
    degreeIds: degreeIds.length > 0 ? degreeIds : defaultDegreeIds(service),
  };
}

/**
 * The editor as the draft left it: the kept choices on the kept photos, each service taken from
 * today's catalogue (one no longer offered is left out, and its option and placed picture with it).
 * Without its photo no marked person is kept: the markers have nothing to stand on.
 */
export function restoreEditorState(
  choices: StoredChoices,
  photos: { photo: LoadedPhoto | null; facePhoto: FacePhoto | null },
  groups: readonly PublicGroup[],
): EditorState {
  const services = new Map(groups.flatMap((group) => group.list).map((service) => [service._id, service]));
  const kept = photos.photo ? choices.persons : choices.persons.filter((p) => p.name === BASE_PERSON);
  const persons: Person[] = kept.map((person) => ({
    name: person.name,
    position: person.position,
    ...(person.profile ? { profile: person.profile } : {}),
    entries: person.entries
      .map((entry) => resolveEntry(entry, services))
      .filter((entry): entry is ChosenEntry => entry !== null)
      // An option stays only beside an instance of its service.
      .filter(
        (entry, _, entries) => !entry.option || entries.some((e) => !e.option && e.service === entry.service),
      ),
  }));
  if (persons[0]?.name !== BASE_PERSON) persons.unshift({ name: BASE_PERSON, position: null, entries: [] });
  const entries = new Map(persons.flatMap((person) => person.entries).map((entry) => [entry.key, entry]));
  const embeds = photos.photo
    ? choices.embeds.flatMap(({ key, position }) => {
        const entry = entries.get(key);
        return entry?.service.embedInCanvas
          ? [{ key, serviceId: entry.service._id, picture: entry.service.picture, position }]
          : [];
      })
    : [];
  return {
    ...initialEditorState,
    photo: photos.photo,
    facePhoto: photos.facePhoto,
    persons,
    activeIndex: choices.activeIndex < persons.length ? choices.activeIndex : 0,
    embeds,
    comment: choices.comment,
    sequence: choices.sequence,
  };
}
