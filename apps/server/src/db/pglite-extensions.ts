import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The contrib extensions the migrations create: pg_trgm for the search indexes, btree_gin for
 * the year beside a line's words in one of them. PostgreSQL ships them in contrib; every PGlite
 * that opens a migrated database loads them, or its statements cannot read those indexes.
 */
export const pgliteExtensions = { pg_trgm, btree_gin };
