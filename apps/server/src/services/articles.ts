import {
  AppError,
  type Article,
  type ArticleInput,
  type ArticleListQuery,
  articleSlug,
  freeSlugOf,
  listFilter,
  messagesId,
  type User,
} from '@ranwal/core';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { ArticleTable, Database } from '../db/schema.js';
import { containsPattern, offsetOf, type Parsed, toCount } from './pagination.js';
import { excerptOf, htmlToText, sanitizeArticleHtml } from './sanitize.js';

type ListQuery = Parsed<typeof ArticleListQuery>;
type Input = Parsed<typeof ArticleInput>;

// Enough for that many writers racing for the same title.
const SLUG_ATTEMPTS = 10;

const columns = [
  'id',
  'slug',
  'title',
  'excerpt',
  'content',
  'cover_image',
  'tags',
  'status',
  'category',
  'author_name',
  'views_count',
  'created_at',
  'updated_at',
] as const;
type Row = Pick<Selectable<ArticleTable>, (typeof columns)[number]>;

const notFound = () =>
  new AppError('not_found', messagesId.server.notFound(messagesId.server.records.article));

/** The article a slug leads to: the one it is now, else the one that had it before a new title. */
const articleIdOf = (slug: string) =>
  sql<string>`coalesce(
    (select id from article where slug = ${slug}),
    (select article_id from article_former_slug where slug = ${slug}))`;

const isAdmin = (viewer: User | null) => viewer?.role === 'admin';

const iso = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString();

function toArticle(row: Row): Article {
  const { author_name, views_count, created_at, updated_at, ...rest } = row;
  return {
    ...rest,
    category: rest.category as Article['category'],
    name: author_name,
    views_count: toCount(views_count),
    created_at: iso(created_at),
    updated_at: iso(updated_at),
  };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** Articles: public reading of published ones, admin writing with sanitized HTML. */
export function createArticleService(db: Kysely<Database>) {
  /**
   * The first of `base`, `base-2`, `base-3`… that no other article uses, now or as a former slug
   * (an article may take back its own).
   */
  async function freeSlug(base: string, exceptId?: string): Promise<string> {
    // Slugs are [a-z0-9-] only, so the base needs no escaping in LIKE.
    const { rows } = await sql<{ slug: string }>`
      select slug from article
      where (slug = ${base} or slug like ${`${base}-%`})
        and id is distinct from ${exceptId ?? null}::uuid
      union all
      select slug from article_former_slug
      where (slug = ${base} or slug like ${`${base}-%`})
        and article_id is distinct from ${exceptId ?? null}::uuid`.execute(db);
    return freeSlugOf(base, new Set(rows.map((row) => row.slug)));
  }

  /**
   * Runs a write with a free slug for `title`; when another writer takes that slug between the
   * check and the write, the unique index refuses it and we try the next one.
   */
  async function withFreeSlug<T>(
    title: string,
    exceptId: string | undefined,
    write: (slug: string) => Promise<T>,
  ): Promise<T> {
    const base = articleSlug(title);
    for (let attempt = 1; ; attempt++) {
      const slug = await freeSlug(base, exceptId);
      try {
        return await write(slug);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error;
      }
    }
  }

  /** The stored form of an input: sanitized HTML, an excerpt, null for no cover. */
  function writable(input: Input) {
    const content = sanitizeArticleHtml(input.content);
    if (!content) {
      // Only scripts, iframes and the like: nothing would be left to read.
      const problem = messagesId.server.issueEmptyAfterSanitize;
      throw new AppError('validation', messagesId.server.validation('content', problem), [
        { path: 'content', message: problem },
      ]);
    }
    const given = input.excerpt ? htmlToText(input.excerpt) : '';
    return {
      title: input.title,
      content,
      excerpt: given || excerptOf(content),
      cover_image: input.cover_image || null,
      tags: input.tags,
      status: input.status,
      category: input.category,
    };
  }

  return {
    /** A page of articles, newest first; only published ones unless the viewer is an admin. */
    async list(query: ListQuery, viewer: User | null) {
      const visible = isAdmin(viewer)
        ? db.selectFrom('article')
        : db.selectFrom('article').where('status', '=', 'published');
      let filtered = visible;
      if (query.search) filtered = filtered.where('title', 'ilike', containsPattern(query.search));
      if (query.category) filtered = filtered.where('category', '=', query.category);
      if (query.status) filtered = filtered.where('status', '=', query.status);
      const narrowed = Boolean(query.search || query.category || query.status);

      const [rows, counted, total] = await Promise.all([
        filtered
          .select(columns)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(query.limit)
          .offset(offsetOf(query.page, query.limit))
          .execute(),
        filtered.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
        narrowed
          ? visible.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()
          : undefined,
      ]);
      const filteredCount = toCount(counted.count);
      return {
        data: rows.map(toArticle),
        filter: listFilter(
          query.page,
          query.limit,
          filteredCount,
          total ? toCount(total.count) : filteredCount,
        ),
      };
    },

    /**
     * One article by slug. An admin reads any status; anyone else reads published articles only,
     * and each such read counts one view.
     */
    async get(slug: string, viewer: User | null): Promise<Article> {
      if (isAdmin(viewer)) {
        const row = await db
          .selectFrom('article')
          .select(columns)
          .where('id', '=', articleIdOf(slug))
          .executeTakeFirst();
        if (!row) throw notFound();
        return toArticle(row);
      }
      // One statement, so concurrent readers never lose a count.
      const { rows } = await sql<Row>`
        update article set views_count = views_count + 1
        where id = ${articleIdOf(slug)} and status = 'published'
        returning ${sql.join(columns.map((column) => sql.ref(column)))}`.execute(db);
      const row = rows[0];
      if (!row) throw notFound();
      return toArticle(row);
    },

    async create(input: Input, author: User): Promise<Article> {
      const values = writable(input);
      const row = await withFreeSlug(input.title, undefined, (slug) =>
        db
          .insertInto('article')
          .values({ ...values, slug, author_id: author.id, author_name: author.name })
          .returning(columns)
          .executeTakeFirstOrThrow(),
      );
      return toArticle(row);
    },

    /**
     * Replaces an article's fields. The slug follows the title only when the title changes, and
     * the slug it had stays an address of the article (as does any it had before).
     */
    async update(slug: string, input: Input): Promise<Article> {
      const current = await db
        .selectFrom('article')
        .select(['id', 'title', 'slug'])
        .where('id', '=', articleIdOf(slug))
        .executeTakeFirst();
      if (!current) throw notFound();
      const values = { ...writable(input), updated_at: new Date() };
      const save = async (newSlug: string) => {
        if (newSlug === current.slug) {
          return db
            .updateTable('article')
            .set(values)
            .where('id', '=', current.id)
            .returning(columns)
            .executeTakeFirst();
        }
        // One statement: the new slug, the old one kept, and an own former slug taken back.
        return db
          .with('moved', (w) =>
            w
              .updateTable('article')
              .set({ ...values, slug: newSlug })
              .where('id', '=', current.id)
              .returning(columns),
          )
          .with('kept', (w) =>
            w
              .insertInto('article_former_slug')
              .columns(['slug', 'article_id'])
              .expression((eb) =>
                eb.selectFrom('moved').select([eb.val(current.slug).as('slug'), 'id']),
              )
              .onConflict((oc) =>
                oc
                  .column('slug')
                  .doUpdateSet((eb) => ({ article_id: eb.ref('excluded.article_id') })),
              ),
          )
          .with('taken_back', (w) =>
            w
              .deleteFrom('article_former_slug')
              .where('slug', '=', newSlug)
              .where('article_id', '=', current.id),
          )
          .selectFrom('moved')
          .selectAll()
          .executeTakeFirst();
      };
      const row =
        current.title === input.title
          ? await save(current.slug)
          : await withFreeSlug(input.title, current.id, save);
      // Deleted by someone else between the read and the write.
      if (!row) throw notFound();
      return toArticle(row);
    },

    async remove(slug: string): Promise<void> {
      const deleted = await db
        .deleteFrom('article')
        .where('id', '=', articleIdOf(slug))
        .returning('id')
        .executeTakeFirst();
      if (!deleted) throw notFound();
    },
  };
}

export type ArticleService = ReturnType<typeof createArticleService>;
