import { Writable } from 'node:stream';
import type { Output } from '../cli/output';

/** A command's output kept for a test to read: `lines.out` and `lines.err` in order. */
export function recordingOutput() {
  const lines = { out: [] as string[], err: [] as string[] };
  const output: Output = {
    out: (line) => lines.out.push(line),
    err: (line) => lines.err.push(line),
  };
  return { lines, output };
}

/** The server's log kept for a test to read: pass `stream` as the app's `logStream`. */
export function recordingLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}
