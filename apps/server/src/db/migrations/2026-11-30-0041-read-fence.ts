import { type Kysely, sql } from 'kysely';

// Read-your-own-write with a read replica (issue 39, db/read-replica.ts): each person's last write
// as a WAL position of the primary, which a replica must have replayed before it answers that
// person's lag-tolerant reads. Unlogged: kept by the primary alone, written without WAL or a
// flush, so marking a write costs one short statement; a crash of the primary empties it (then
// only the lag bound keeps those people's reads fresh, see docs/server.md).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unlogged table read_fence (
      person_id uuid primary key,
      lsn pg_lsn not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table read_fence`.execute(db);
}
