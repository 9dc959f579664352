import type { PublicGroup, PublicService } from '@retouch/shared/catalog';
import type { PersonProfile } from '@retouch/shared/person-profiles';
import { defaultDegreeIds, type ProfileEntry } from './editor-reducer';

/**
 * A profile's services found in today's catalogue, for `profileApplied`. A service or option no longer
 * offered is left out (`skipped`), as is an embed-type service: its picture needs a click on the canvas.
 * A degree no longer offered gives way to the service's default.
 */
export function profileEntries(
  profile: PersonProfile,
  groups: readonly PublicGroup[],
): { entries: ProfileEntry[]; skipped: number } {
  const services = groups.flatMap((group) => group.list);
  const entries: ProfileEntry[] = [];
  for (const saved of profile.services) {
    const entry = saved.isOptional
      ? optionEntry(saved.id, services)
      : serviceEntry(saved.id, saved.degreeAction, services);
    if (entry) entries.push(entry);
  }
  return { entries, skipped: profile.services.length - entries.length };
}

function serviceEntry(id: string, degreeIds: string[], services: PublicService[]): ProfileEntry | null {
  const service = services.find((candidate) => candidate._id === id);
  if (!service || service.embedInCanvas) return null;
  const offered = new Set(service.degreeAction.map((degree) => degree._id));
  const kept = degreeIds.filter((degree) => offered.has(degree));
  const chosen = service.multiDegree ? kept : kept.slice(-1);
  return { service, option: null, degreeIds: chosen.length > 0 ? chosen : defaultDegreeIds(service) };
}

function optionEntry(id: string, services: PublicService[]): ProfileEntry | null {
  for (const service of services) {
    const option = service.optional.find((candidate) => candidate._id === id);
    if (option) return { service, option, degreeIds: [] };
  }
  return null;
}
