import {
  AppError,
  Id,
  isUploadImageType,
  messagesId,
  refusals,
  type UploadImageType,
} from '@ranwal/core';
import { fileTypeFromBuffer } from 'file-type';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/** Any number: the lock only has to be the same in every process. */
const ANONYMOUS_UPLOAD_LOCK = 7_231_001;

/** An upload's URL as an article names it; the id is captured. */
const UPLOAD_REFERENCE = '/uploads/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';

function insert(
  db: Kysely<Database>,
  bytes: Buffer,
  contentType: UploadImageType,
  origin: { uploaded_by: string } | { anonymous: true },
): Promise<string> {
  return db
    .insertInto('upload')
    .values({
      bytes: sql<Uint8Array>`decode(${bytes.toString('base64')}, 'base64')`,
      content_type: contentType,
      byte_size: bytes.byteLength,
      ...origin,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((row) => row.id);
}

export interface StoredUpload {
  contentType: string;
  bytes: Buffer;
}

/**
 * Stored images, kept in the database so PGlite and PostgreSQL deployments need no disk.
 * Bytes travel as base64 text: PGlite's bytea parameters and results are ten times slower,
 * and it is one session, so a slow 5 MB image would hold up every other request.
 */
export function createUploadService(db: Kysely<Database>) {
  return {
    /** The image type of `bytes` by content; 415 for anything else, whatever it is called. */
    async detectImageType(bytes: Uint8Array): Promise<UploadImageType> {
      const detected = await fileTypeFromBuffer(bytes);
      if (!detected || !isUploadImageType(detected.mime)) {
        throw refusals.notAnImage();
      }
      return detected.mime;
    },

    /** Stores an image sent by a signed-in admin and answers its id. */
    async store(bytes: Buffer, contentType: UploadImageType, uploadedBy: string) {
      return insert(db, bytes, contentType, { uploaded_by: uploadedBy });
    },

    /**
     * Stores an image sent without a token, unless anonymous uploads would then hold more than
     * `maxBytes` together (507). Serialized across processes, so racing uploads cannot overshoot.
     */
    async storeAnonymous(bytes: Buffer, contentType: UploadImageType, maxBytes: number) {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${ANONYMOUS_UPLOAD_LOCK})`.execute(trx);
        const { held } = await trx
          .selectFrom('upload')
          .select(sql<string>`coalesce(sum(byte_size), 0)`.as('held'))
          .where('anonymous', '=', true)
          .executeTakeFirstOrThrow();
        if (Number(held) + bytes.byteLength > maxBytes) {
          throw new AppError('storage_full', messagesId.server.anonymousUploadsFull);
        }
        return insert(trx, bytes, contentType, { anonymous: true });
      });
    },

    /**
     * Removes uploads older than `graceHours` that no article names, as its cover or in its
     * HTML (by the `/uploads/{id}` part of the URL, whatever origin it was served from).
     * Answers how many went.
     */
    async removeUnreferenced(graceHours: number): Promise<number> {
      const result = await sql`
        delete from upload
        where created_at < now() - make_interval(secs => ${graceHours * 3600})
          and id not in (
            select (regexp_matches(
              coalesce(cover_image, '') || ' ' || content, ${UPLOAD_REFERENCE}, 'gi'))[1]::uuid
            from article)
          and id not in (select upload_id from evidence_photo)`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },

    /** The stored image; 404 for an unknown or malformed id. */
    async find(id: string): Promise<StoredUpload> {
      const notFound = new AppError(
        'not_found',
        messagesId.server.notFound(messagesId.server.records.file),
      );
      if (!Id.safeParse(id).success) throw notFound;
      const row = await db
        .selectFrom('upload')
        .select(['content_type', sql<string>`encode(bytes, 'base64')`.as('base64')])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound;
      return { contentType: row.content_type, bytes: Buffer.from(row.base64, 'base64') };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
