import type { HistoryEntry } from '@retouch/shared/orders';

/** A chosen service with the options chosen for it; an option whose service is not known stands alone. */
export interface ServiceLine {
  entry: HistoryEntry;
  options: HistoryEntry[];
}

/**
 * A person's entries as the editor shows them: each option under its service (the server keeps the
 * options after all the services). An option goes under the first entry of its service, which a multi
 * service may have several of; one recorded without its service's id stays where it is.
 */
export function entriesByService(entries: readonly HistoryEntry[]): ServiceLine[] {
  const lines: ServiceLine[] = entries
    .filter((entry) => !entry.isOptional)
    .map((entry) => ({ entry, options: [] }));
  const result = [...lines];
  for (const option of entries.filter((entry) => entry.isOptional)) {
    const owner = lines.find(({ entry }) => option.serviceId !== undefined && entry._id === option.serviceId);
    if (owner) owner.options.push(option);
    else result.push({ entry: option, options: [] });
  }
  return result;
}
