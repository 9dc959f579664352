import { describe, expect, it } from 'vitest';
import { csvStream, defuseFormula, type CsvColumn } from './csv-export';

async function text(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

interface Row {
  label: string;
  amount: number | null;
}
const columns: CsvColumn<Row>[] = [
  { header: 'Текст', cell: (row) => row.label },
  { header: 'Сумма', cell: (row) => row.amount },
];

describe('csvStream', () => {
  it('writes RFC 4180 records after a byte order mark: CRLF, quoted commas, quotes and line breaks', async () => {
    const rows: Row[] = [
      { label: 'a, b', amount: 1 },
      { label: 'say "hi"', amount: null },
      { label: 'one\ntwo', amount: 2 },
      { label: 'Ёлка', amount: 0 },
    ];
    expect(await text(csvStream(rows, columns))).toBe(
      '\uFEFFТекст,Сумма\r\n"a, b",1\r\n"say ""hi""",\r\n"one\ntwo",2\r\nЁлка,0\r\n',
    );
  });

  it('defuses text that a spreadsheet would run as a formula, but leaves numbers alone', async () => {
    const rows: Row[] = ['=1+1', '+1', '-1', '@A1', '\t=1', '\r=1', 'a=1', '=SUM(1,2)'].map((label) => ({
      label,
      amount: -5,
    }));
    const [, ...records] = (await text(csvStream(rows, columns))).slice(1).split('\r\n');
    expect(records).toEqual([
      "'=1+1,-5",
      "'+1,-5",
      "'-1,-5",
      "'@A1,-5",
      "'\t=1,-5",
      `"'\r=1",-5`,
      'a=1,-5',
      `"'=SUM(1,2)",-5`,
      '',
    ]);
    expect(defuseFormula('plain')).toBe('plain');
  });

  it('fails the download when the source fails, instead of ending it as if complete', async () => {
    async function* failing() {
      yield { label: 'first', amount: 1 };
      throw new Error('database gone');
    }
    await expect(text(csvStream(failing(), columns))).rejects.toThrow('database gone');
  });

  it('pulls rows as the reader takes them, and stops the source when the reader goes away', async () => {
    let read = 0;
    let closed = false;
    async function* endless() {
      try {
        for (;;) {
          read += 1;
          yield { label: `row ${read}`, amount: read };
        }
      } finally {
        closed = true;
      }
    }
    const stream = csvStream(endless(), columns);
    for await (const _chunk of stream) break; // the client read a little, then the connection closed
    await expect.poll(() => closed).toBe(true);
    // Only what filled the streams' buffers was read, not the endless rest.
    expect(read).toBeLessThan(10_000);
  });
});
