import { z } from 'zod';

/**
 * Person profiles (issue 23): a customer's saved preferences for someone they often retouch, applied
 * to a marked person in the editor; an order keeps a snapshot of each one applied (decision 42).
 */

/** Profiles one customer may keep. */
export const MAX_PERSON_PROFILES = 20;
export const MAX_PROFILE_NAME_LENGTH = 40;
export const MAX_PROFILE_NOTES_LENGTH = 500;
export const MAX_PROFILE_CHECKLIST_ITEMS = 10;
export const MAX_PROFILE_CHECKLIST_ITEM_LENGTH = 80;
/** Default services (and options) of one profile. */
export const MAX_PROFILE_SERVICES = 20;

/** The customer's texts of the profiles: the API's refusals and the screens' words. */
export const PersonProfileText = {
  nameRequired: 'Please enter a name for the profile',
  nameTooLong: `The name must be at most ${MAX_PROFILE_NAME_LENGTH} characters`,
  notesTooLong: `Notes must be at most ${MAX_PROFILE_NOTES_LENGTH} characters`,
  checklistTooLong: `A profile holds at most ${MAX_PROFILE_CHECKLIST_ITEMS} checklist items`,
  checklistItemEmpty: 'A checklist item cannot be empty',
  checklistItemTooLong: `A checklist item must be at most ${MAX_PROFILE_CHECKLIST_ITEM_LENGTH} characters`,
  servicesTooMany: `A profile holds at most ${MAX_PROFILE_SERVICES} services`,
  serviceInvalid: 'A default service of the profile is not a service of the catalogue',
  tooMany: `You can keep at most ${MAX_PERSON_PROFILES} profiles. Delete one to add another.`,
  nameTaken: 'You already have a profile with this name',
  notFound: 'Profile not found',
  orderProfileNotFound:
    'A profile applied to a person no longer exists. Apply another one or remove it, then send again.',
  // Screens.
  title: 'Person profiles',
  intro:
    'Save the wishes of the people you often retouch, then apply them to a person in the editor in one tap.',
  add: 'New profile',
  edit: 'Edit',
  remove: 'Delete',
  removeConfirm: 'Delete this profile?',
  removeConfirmNote: 'Orders already sent keep their copy of it.',
  yes: 'Yes',
  no: 'No',
  save: 'Save',
  cancel: 'Cancel',
  saved: 'Profile saved',
  removed: 'Profile deleted',
  empty: 'No profiles yet',
  loading: 'Loading profiles',
  loadFailed: 'The profiles could not be loaded',
  retry: 'Reload profiles',
  name: 'Name',
  namePlaceholder: 'e.g. Anna',
  notes: 'Notes for the designer',
  checklist: 'Checklist',
  checklistPlaceholder: 'e.g. Keep the freckles',
  addItem: 'Add item',
  removeItem: 'Remove item',
  services: 'Default services',
  servicesPlaceholder: 'Choose services',
  degree: (service: string) => `Degree for ${service}`,
  option: (service: string) => `Option for ${service}`,
  noOption: 'No option',
  // The editor.
  apply: 'Apply a profile',
  applyTo: (person: string) => `Apply a profile to ${person}`,
  applied: (profile: string, person: string) => `Profile ${profile} applied to ${person}`,
  appliedTag: (profile: string) => `Profile: ${profile}`,
  detach: 'Remove the profile from this person',
  manage: 'Manage profiles',
  noneToApply: 'You have no profiles yet.',
  someUnavailable: 'Some services of the profile are not offered any more and were left out.',
  signInToUse: 'Sign in to use your person profiles.',
} as const;

const trimmedText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

/** One default service or option of a profile, as an order entry names it. */
export const profileServiceSchema = z.object({
  id: z.uuid({ error: PersonProfileText.serviceInvalid }),
  isOptional: z.boolean().default(false),
  degreeAction: z
    .array(z.uuid({ error: PersonProfileText.serviceInvalid }))
    .max(20)
    .default([]),
});
export type ProfileService = z.output<typeof profileServiceSchema>;

/** One item of a profile's checklist ("Keep the freckles"). */
export const profileChecklistItemSchema = z
  .string()
  .trim()
  .min(1, PersonProfileText.checklistItemEmpty)
  .max(MAX_PROFILE_CHECKLIST_ITEM_LENGTH, PersonProfileText.checklistItemTooLong);

/** `POST /api/user/person-profiles` and `PUT /api/user/person-profiles/{id}` body. */
export const personProfileInputSchema = z.object({
  name: z
    .string({ error: PersonProfileText.nameRequired })
    .trim()
    .min(1, PersonProfileText.nameRequired)
    .max(MAX_PROFILE_NAME_LENGTH, PersonProfileText.nameTooLong),
  notes: trimmedText(MAX_PROFILE_NOTES_LENGTH, PersonProfileText.notesTooLong).default(''),
  checklist: z
    .array(profileChecklistItemSchema)
    .max(MAX_PROFILE_CHECKLIST_ITEMS, PersonProfileText.checklistTooLong)
    .default([]),
  services: z
    .array(profileServiceSchema)
    .max(MAX_PROFILE_SERVICES, PersonProfileText.servicesTooMany)
    .default([]),
});
export type PersonProfileInput = z.input<typeof personProfileInputSchema>;
export type PersonProfileData = z.output<typeof personProfileInputSchema>;

/** A profile as the API answers it. */
export const personProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  notes: z.string(),
  checklist: z.array(z.string()),
  services: z.array(z.object({ id: z.string(), isOptional: z.boolean(), degreeAction: z.array(z.string()) })),
  updatedAt: z.string(),
});
export type PersonProfile = z.infer<typeof personProfileSchema>;

/** `GET /api/user/person-profiles`: the customer's profiles, by name, and how many they may keep. */
export const personProfileListSchema = z.object({
  profiles: z.array(personProfileSchema),
  max: z.number().int(),
});
export type PersonProfileList = z.infer<typeof personProfileListSchema>;

/**
 * What an order keeps of a profile applied to one of its persons: a copy, so that a profile edited or
 * deleted later leaves a sent order as it was.
 */
export const personProfileSnapshotSchema = z.object({
  name: z.string(),
  notes: z.string(),
  checklist: z.array(z.string()),
});
export type PersonProfileSnapshot = z.infer<typeof personProfileSnapshotSchema>;

/** Staff's texts of a profile on an order (back office, Russian). */
export const AdminPersonProfileText = {
  title: 'Профиль клиента',
  notes: 'Заметки',
  checklist: 'Проверить',
  forPerson: (person: string, profile: string) => `${person}: ${profile}`,
} as const;
