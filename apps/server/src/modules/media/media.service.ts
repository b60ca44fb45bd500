import { createHash } from 'node:crypto';
import type { Media, MediaContentType } from '@examiq/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { type AppDatabase, queryRows } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { media } from '../../db/schema';
import { repeatEvery } from '../../repeat';
import type { CheckedImage } from './check-image';
import { type MediaLinks, UPLOADER_AUDIENCE } from './media-links';

/**
 * Stores a checked image under the SHA-256 of its bytes: the same picture uploaded again is the
 * row already there, whose upload time is renewed. `created` tells which.
 */
export async function storeMedia(
  db: AppDatabase,
  links: MediaLinks,
  image: CheckedImage,
  uploadedBy: string,
  now: Date,
): Promise<{ media: Media; created: boolean }> {
  const id = createHash('sha256').update(image.bytes).digest('hex');
  const [row] = await db
    .insert(media)
    .values({
      id,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      byteSize: image.bytes.length,
      bytes: image.bytes,
      createdBy: uploadedBy,
    })
    .onConflictDoUpdate({ target: media.id, set: { uploadedAt: sql`now()` } })
    // xmax is 0 on a row this statement inserted, set on one it updated.
    .returning({ created: sql<boolean>`xmax = 0` });
  return {
    media: {
      _id: id,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      bytes: image.bytes.length,
      url: links.url(id, UPLOADER_AUDIENCE, now),
    },
    created: row?.created ?? false,
  };
}

export interface StoredMedia {
  contentType: MediaContentType;
  bytes: Buffer;
}

const mediaById = perDatabase((db) =>
  db
    .select({ contentType: media.contentType, bytes: media.bytes })
    .from(media)
    .where(eq(media.id, sql.placeholder('id')))
    .prepare('media_by_id'),
);

/** Which of these media are stored. */
export async function storedMediaIds(db: AppDatabase, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(inArray(media.id, [...new Set(ids)]));
  return rows.map((row) => row.id);
}

/** The memory the images most asked for may take in each server process. */
const HOT_MEDIA_BYTES = 64 * 1024 * 1024;

/**
 * The images most asked for, kept in memory: an exam's start sends every student the same few
 * images at once. A medium's bytes never change (its id is their hash), so a kept one is never
 * stale; one removed by the sweep is no longer referenced by any content, so no new URL names it.
 * Concurrent requests for one image share one read.
 */
const hotMedia = perDatabase(
  (db) =>
    new LRUCache<string, StoredMedia>({
      maxSize: HOT_MEDIA_BYTES,
      sizeCalculation: (stored) => Math.max(stored.bytes.length, 1),
      fetchMethod: async (id) => {
        const [row] = await mediaById(db).execute({ id });
        return row;
      },
    }),
);

/** A medium's type and bytes, or undefined when there is none by that id. */
export function readMedia(db: AppDatabase, id: string): Promise<StoredMedia | undefined> {
  return hotMedia(db).fetch(id);
}

/**
 * How long a medium no content refers to is kept after its last upload: the author uploads an
 * image before the exam that refers to it is saved.
 */
export const UNREFERENCED_MEDIA_KEPT_HOURS = 24;

/**
 * Every media id that the stored content names, read with a pattern rather than the Markdown
 * parser: a `media:` id anywhere in a text (a code block included) keeps the image, which errs on
 * the side of keeping it.
 */
const REFERENCED_IDS = sql`
  select (regexp_matches(text, 'media:([0-9a-f]{64})', 'g'))[1] as id from (
    select question_text as text from questions
    union all select explanation from questions
    union all select sample_answer from questions where sample_answer is not null
    union all select model_answer from questions where model_answer is not null
    union all select unnest(options) from questions where options is not null
    union all select unnest(instructions) from exam_sections
    union all select unnest(general_instructions) from exams
  ) texts`;

/**
 * Removes the media that no question, option, key or instruction refers to and that were
 * last uploaded more than UNREFERENCED_MEDIA_KEPT_HOURS ago. Returns how many it removed.
 */
export async function sweepUnreferencedMedia(db: AppDatabase): Promise<number> {
  const removed = await queryRows<{ id: string }>(
    db,
    sql`
    delete from media
    where uploaded_at < now() - make_interval(hours => ${UNREFERENCED_MEDIA_KEPT_HOURS})
      and id not in (select id from (${REFERENCED_IDS}) referenced where id is not null)
    returning id`,
  );
  return removed.length;
}

const SWEEP_INTERVAL_MS = 60 * 60_000;

/** Sweeps unreferenced media every hour until stopped; a failed sweep is logged, the next tries again. */
export function startMediaSweep(db: AppDatabase, log: FastifyBaseLogger): () => Promise<void> {
  return repeatEvery(
    SWEEP_INTERVAL_MS,
    async () => {
      const removed = await sweepUnreferencedMedia(db);
      if (removed > 0) log.info({ removed }, 'Unreferenced media removed');
    },
    log,
    'The sweep of unreferenced media failed',
  );
}
