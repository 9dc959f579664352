import { editorPricing, entryCost, type ChosenEntry, type EditorState } from './editor-reducer';

/** One chosen service or option as the order's summary reads it. */
interface SummaryLine {
  key: string;
  /** Numbered when a multi service is chosen more than once: 'Tattoo removal (2)'. */
  title: string;
  /** Titles of the chosen degrees of action. */
  degrees: string[];
  /** For an option, the title of its service. */
  optionOf: string | null;
  cost: number;
}

export interface PersonSummary {
  name: string;
  lines: SummaryLine[];
  cost: number;
}

export interface OrderSummary {
  /** The persons with at least one service, as the order sends them. */
  persons: PersonSummary[];
  cost: number;
  minutes: number;
}

/** How each entry reads: its title, numbered when a multi service is chosen more than once. */
export function entryTitles(entries: readonly ChosenEntry[]): Map<string, string> {
  const seen = new Map<string, number>();
  const titles = new Map<string, string>();
  for (const entry of entries) {
    const title = (entry.option ?? entry.service).title.user;
    const count = (seen.get(title) ?? 0) + 1;
    seen.set(title, count);
    titles.set(entry.key, count > 1 ? `${title} (${count})` : title);
  }
  return titles;
}

function summaryLine(entry: ChosenEntry, title: string): SummaryLine {
  const degrees = entry.option
    ? []
    : entry.degreeIds.flatMap((id) => {
        const degree = entry.service.degreeAction.find((offered) => offered._id === id);
        return degree ? [degree.title.user] : [];
      });
  return {
    key: entry.key,
    title,
    degrees,
    optionOf: entry.option ? entry.service.title.user : null,
    cost: entryCost(entry),
  };
}

/** What the customer is about to send: per person its services with options and degrees, and the totals. */
export function orderSummary(state: EditorState): OrderSummary {
  const persons = state.persons
    .filter((person) => person.entries.length > 0)
    .map((person) => {
      const titles = entryTitles(person.entries);
      const lines = person.entries.map((entry) => summaryLine(entry, titles.get(entry.key) ?? ''));
      return { name: person.name, lines, cost: lines.reduce((sum, line) => sum + line.cost, 0) };
    });
  const { cost, executionTime } = editorPricing(state);
  return { persons, cost, minutes: executionTime };
}
