import { type Kysely, sql } from 'kysely';

// A person's sessions end together: every token carries the session version it was signed at,
// and a password change (their own, or set by an admin) moves the version on, so every token
// signed before it, on every server process, is refused (plugins/auth.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_user add column session_version integer not null default 0`.execute(db);
}
