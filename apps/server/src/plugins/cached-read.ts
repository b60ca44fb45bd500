import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDatabase } from '../db/client';
import type { Dependencies } from '../db/commit-state';
import { perDatabase } from '../db/per-database';
import { readCache } from '../db/read-cache';

/**
 * The answers of the admin's reads, by URL (and minute for the dashboard), as the text their
 * route's response schema made of them, up to 16 million characters in all (16 MB of ASCII
 * text, twice that at most). Kept by size, not number: a record is a kilobyte or two, a page of a
 * hundred up to a few hundred, and a limit by number would let records asked for once (one
 * student of a hundred thousand) push out the lists and look-ups every admin asks for again.
 */
const answers = perDatabase((db) =>
  readCache<string>(db, { maxSize: 16 * 2 ** 20, sizeOf: (text) => text.length }),
);

/**
 * Sends the answer of a GET request that depends only on the tables named in `dependencies` and
 * on `key` (the request's URL unless given; never on who asks). While no write to those tables
 * has committed it is sent again as it was serialized: a registrar paging back and forth, or
 * every admin opening the same list, costs neither a query nor a serialization of its own.
 */
export async function sendCachedRead<Reply extends FastifyReply>(
  db: AppDatabase,
  request: FastifyRequest,
  reply: Reply,
  dependencies: Dependencies,
  answer: () => Promise<Parameters<Reply['send']>[0]>,
  key: string = request.url,
): Promise<void> {
  const body = await answers(db)(
    key,
    dependencies,
    async () => String(reply.serialize(await answer())),
    request.commitState ?? undefined,
  );
  // Until it has been sent: a handler's promise that ended before its answer left would make
  // Fastify send it again.
  await reply.type('application/json; charset=utf-8').send(body);
}
