/**
 * The parser thread's entry (see parser-thread.ts): it reads the files it is sent, one at a time,
 * and answers with what the parser gave, or the ApiError it refused the file with.
 */
import { parentPort } from 'node:worker_threads';
import type { QuestionImportFormat } from '@examiq/contracts';
import { ApiError } from '../errors';
import { readSheet } from '../modules/people-import/read-sheet';
import { parseQuestionFile } from '../modules/question-interchange/question-interchange.service';

/** A message's bytes arrive as a plain Uint8Array: the parsers read them as a Buffer. */
const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

const PARSERS = {
  sheet: (input: { bytes: Uint8Array; fileName: string }) =>
    readSheet(bufferOf(input.bytes), input.fileName),
  questions: (input: { format: QuestionImportFormat; bytes: Uint8Array }) =>
    parseQuestionFile(input.format, bufferOf(input.bytes)),
};

export type ParserName = keyof typeof PARSERS;
export type ParserInput<P extends ParserName> = Parameters<(typeof PARSERS)[P]>[0];
export type ParserOutput<P extends ParserName> = Awaited<ReturnType<(typeof PARSERS)[P]>>;
export type ParserReply = { id: number } & (
  | { value: unknown }
  | { refused: { statusCode: number; message: string } }
  | { failed: string }
);

const port = parentPort;
port?.on(
  'message',
  async ({ id, parser, input }: { id: number; parser: ParserName; input: never }) => {
    let reply: ParserReply;
    try {
      reply = { id, value: await PARSERS[parser](input) };
    } catch (error) {
      reply =
        error instanceof ApiError
          ? { id, refused: { statusCode: error.statusCode, message: error.message } }
          : { id, failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(reply);
  },
);
