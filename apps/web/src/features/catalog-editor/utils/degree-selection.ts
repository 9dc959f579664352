export interface DegreeSelection {
  selection: string[];
  /** True when the change tried to drop the default degree, which was kept. */
  defaultKept: boolean;
}

/**
 * The degrees of a service after the admin changed the selection: once the service has any degree,
 * the default one is among them (back-office section 5), so it cannot be dropped and comes with the first pick.
 */
export function nextDegreeSelection(
  previous: readonly string[],
  next: readonly string[],
  defaultId: string | undefined,
): DegreeSelection {
  if (!defaultId || next.includes(defaultId)) return { selection: [...next], defaultKept: false };
  if (previous.includes(defaultId)) return { selection: [defaultId, ...next], defaultKept: true };
  return { selection: next.length > 0 ? [defaultId, ...next] : [], defaultKept: false };
}
