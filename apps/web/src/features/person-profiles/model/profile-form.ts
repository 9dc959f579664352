import type { PublicGroup, PublicService } from '@retouch/shared/catalog';
import type { PersonProfile, PersonProfileInput } from '@retouch/shared/person-profiles';

/** The profile form's values: the default services by id, with the degrees and the option of each. */
export interface ProfileFormValues {
  name: string;
  notes: string;
  checklist: string[];
  serviceIds: string[];
  /** A service's degrees: one id (a single-degree service's select) or several. */
  degrees: Record<string, string | string[] | undefined>;
  options: Record<string, string | undefined>;
}

/**
 * The services a profile may name: those of the public catalogue a person can be given in one tap
 * (an embed-type service needs a click on the canvas, so it is not offered).
 */
export function profileServices(groups: readonly PublicGroup[]): PublicService[] {
  return groups.flatMap((group) => group.list).filter((service) => !service.embedInCanvas);
}

const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The values as the API takes them: each service, then its option if one is chosen. */
export function toProfileInput(values: ProfileFormValues): PersonProfileInput {
  return {
    name: values.name,
    notes: values.notes ?? '',
    checklist: (values.checklist ?? []).map((item) => item ?? '').filter((item) => item.trim() !== ''),
    services: (values.serviceIds ?? []).flatMap((id) => {
      const service = { id, isOptional: false, degreeAction: asList(values.degrees?.[id]) };
      const option = values.options?.[id];
      return option ? [service, { id: option, isOptional: true, degreeAction: [] }] : [service];
    }),
  };
}

/** A saved profile as the form shows it; an option is put under the service of the catalogue that offers it. */
export function toFormValues(
  profile: PersonProfile | null,
  services: readonly PublicService[],
): ProfileFormValues {
  const values: ProfileFormValues = {
    name: profile?.name ?? '',
    notes: profile?.notes ?? '',
    checklist: profile?.checklist ?? [],
    serviceIds: [],
    degrees: {},
    options: {},
  };
  for (const entry of profile?.services ?? []) {
    if (!entry.isOptional) {
      values.serviceIds.push(entry.id);
      const service = services.find((candidate) => candidate._id === entry.id);
      values.degrees[entry.id] = service?.multiDegree ? entry.degreeAction : entry.degreeAction[0];
      continue;
    }
    const owner = services.find((service) => service.optional.some((option) => option._id === entry.id));
    if (owner) values.options[owner._id] = entry.id;
  }
  return values;
}
