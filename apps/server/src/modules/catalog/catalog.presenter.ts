import type {
  AdminGroup,
  AdminOption,
  AdminService,
  Degree,
  PublicGroup,
  PublicOption,
  PublicService,
} from '@retouch/shared/catalog';
import type { CatalogRows, DegreeRow, OptionRow, ServiceRow } from './catalog.repository';

export function toDegree(row: DegreeRow): Degree {
  return { _id: row.id, title: { admin: row.titleAdmin, user: row.titleUser }, default: row.isDefault };
}

// The keys in the order of the route's answer schema (adminOptionSchema), which writes the answer.
export function toAdminOption(row: OptionRow | ServiceRow): AdminOption {
  return {
    picture: row.picture,
    pictureBefore: row.pictureBefore,
    pictureAfter: row.pictureAfter,
    pictureThumb: row.pictureThumb,
    _id: row.id,
    title: { admin: row.titleAdmin, user: row.titleUser },
    description: { admin: row.descriptionAdmin, user: row.descriptionUser },
    instruction: row.instruction,
    cost: row.cost,
    designerPrice: row.designerPrice,
    executionTime: row.executionTime,
    status: row.status,
  };
}

export function toAdminService(row: ServiceRow, degreeIds: string[], options: OptionRow[]): AdminService {
  return {
    ...toAdminOption(row),
    embedInCanvas: row.embedInCanvas,
    allowMessage: row.allowMessage,
    allowAdditionalImage: row.allowAdditionalImage,
    multi: row.multi,
    multiDegree: row.multiDegree,
    degreeAction: degreeIds,
    optional: options.map(toAdminOption),
  };
}

/** The whole catalogue as the back office sees it. */
export function toAdminCatalog(rows: CatalogRows): AdminGroup[] {
  const degreeIdsOf = groupBy(rows.degreeLinks, (link) => link.serviceId);
  const optionsOf = groupBy(rows.options, (option) => option.serviceId);
  const servicesOf = groupBy(rows.services, (service) => service.groupId);
  return rows.groups.map((group) => ({
    _id: group.id,
    title: { admin: group.titleAdmin, user: group.titleUser },
    status: group.status,
    list: (servicesOf.get(group.id) ?? []).map((service) =>
      toAdminService(
        service,
        (degreeIdsOf.get(service.id) ?? []).map((link) => link.degreeId),
        optionsOf.get(service.id) ?? [],
      ),
    ),
  }));
}

/**
 * What customers see: active groups, services and options only, with the fields of the customer side's
 * entities (section 3), both languages included; never the designer's pay.
 */
export function toPublicCatalog(rows: CatalogRows): PublicGroup[] {
  const degreesById = new Map(rows.degrees.map((degree) => [degree.id, degree]));
  return toAdminCatalog(rows)
    .filter((group) => group.status)
    .map((group) => ({
      _id: group._id,
      title: group.title,
      status: true as const,
      list: group.list
        .filter((service) => service.status)
        .map((service) => toPublicService(service, degreesById)),
    }));
}

function toPublicOption(option: AdminOption): PublicOption {
  return {
    _id: option._id,
    title: option.title,
    description: option.description,
    instruction: option.instruction,
    cost: option.cost,
    executionTime: option.executionTime,
    status: option.status,
    picture: option.picture,
    pictureThumb: option.pictureThumb,
    pictureBefore: option.pictureBefore,
    pictureAfter: option.pictureAfter,
  };
}

function toPublicService(service: AdminService, degreesById: Map<string, DegreeRow>): PublicService {
  return {
    ...toPublicOption(service),
    embedInCanvas: service.embedInCanvas,
    allowMessage: service.allowMessage,
    allowAdditionalImage: service.allowAdditionalImage,
    multi: service.multi,
    multiDegree: service.multiDegree,
    degreeAction: service.degreeAction.flatMap((id) => {
      const degree = degreesById.get(id);
      return degree ? [{ _id: degree.id, title: { user: degree.titleUser }, default: degree.isDefault }] : [];
    }),
    optional: service.optional.filter((option) => option.status).map(toPublicOption),
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
}
