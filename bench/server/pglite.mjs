// A PGlite on a bench's data directory, with the contrib extensions the server's migrations
// create (apps/server/src/db/pglite-extensions.ts: the benches run as plain JavaScript and
// cannot import it): without them a statement that reads a search index fails.
export async function openPglite(dataDir) {
  const [{ PGlite }, { pg_trgm }, { btree_gin }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/btree_gin'),
  ]);
  return PGlite.create(dataDir, { extensions: { pg_trgm, btree_gin } });
}
