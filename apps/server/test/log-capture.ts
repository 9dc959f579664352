import { Writable } from 'node:stream';

/** A log stream for a test app that keeps every line the server logs, as written (JSON, one object a line). */
export function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, lines, logged: () => lines.join('') };
}
