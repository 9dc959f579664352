import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/** One column of an export: its header and how a row gives its cell (a number stays a number). */
export interface CsvColumn<Row> {
  header: string;
  cell: (row: Row) => string | number | null;
}

/** Text a spreadsheet would run as a formula (OWASP "CSV injection"): = + - @, and tab or CR, which some strip first. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet shows as typed: one that would start a formula gets a leading apostrophe. */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Rows as RFC 4180 CSV (comma, CRLF, a field with a comma, quote or line break quoted, quotes doubled),
 * UTF-8 with a byte order mark so that Excel reads Cyrillic. Rows are pulled as the client reads: a slow
 * download never holds more than a page of rows; a closed connection stops the source.
 */
export function csvStream<Row>(
  rows: AsyncIterable<Row> | Iterable<Row>,
  columns: CsvColumn<Row>[],
): Readable {
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: columns.map((column, index) => ({ key: String(index), header: column.header })),
    record_delimiter: 'windows',
    // csv-stringify quotes the delimiters it writes; a lone LF inside a value must be quoted as well.
    quoted_match: /[\r\n]/,
    cast: { string: defuseFormula },
  });
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map((column) => column.cell(row) ?? '');
    })(),
  );
  // An error of the source (a failed query) ends the download cut short; Fastify logs it.
  pipeline(records, stringifier, () => {});
  return stringifier;
}

/** Sends a CSV export as a download named `filename` (ASCII: letters, digits, dots and dashes). */
export function sendCsv(reply: FastifyReply, filename: string, stream: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

/** A UTC day as the export's file names and cells write it: 2026-11-25. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A UTC instant as the export's cells write it: 2026-11-25 10:05:00 (the header says UTC). */
export const isoDateTime = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/** A row of a keyset page and where the next page starts after it. */
export interface KeysetEntry<Row, Cursor> {
  row: Row;
  cursor: Cursor;
}

/** Rows read a page at a time, each page after the last row of the one before (keyset paging, no OFFSET). */
export async function* keysetPages<Row, Cursor>(
  readPage: (after: Cursor | undefined) => Promise<Array<KeysetEntry<Row, Cursor>>>,
  pageSize: number,
): AsyncGenerator<Row> {
  let after: Cursor | undefined;
  for (;;) {
    const page = await readPage(after);
    for (const entry of page) yield entry.row;
    if (page.length < pageSize) return;
    after = page.at(-1)!.cursor;
  }
}
