import { AppError, Id, messagesId } from '@ranwal/core';
import { fileTypeFromBuffer } from 'file-type';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/** The image types an upload may be, recognised by their bytes, never by name or header. */
export const uploadImageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type UploadImageType = (typeof uploadImageTypes)[number];

const isUploadImageType = (mime: string): mime is UploadImageType =>
  (uploadImageTypes as readonly string[]).includes(mime);

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
        throw new AppError('unsupported_media_type', messagesId.server.unsupportedImage);
      }
      return detected.mime;
    },

    /** Stores an image and answers its id. */
    async store(bytes: Buffer, contentType: UploadImageType, uploadedBy: string) {
      const { id } = await db
        .insertInto('upload')
        .values({
          bytes: sql<Uint8Array>`decode(${bytes.toString('base64')}, 'base64')`,
          content_type: contentType,
          byte_size: bytes.byteLength,
          uploaded_by: uploadedBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** The stored image; 404 for an unknown or malformed id. */
    async find(id: string): Promise<StoredUpload> {
      const notFound = new AppError('not_found', messagesId.server.notFound('Berkas'));
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
