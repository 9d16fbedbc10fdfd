import {
  type Article,
  articleSlug,
  type BudgetLine,
  computeTotals,
  excerptOfText,
  freeSlugOf,
  hierarchyLevelKeys,
  type ManagedEntityKey,
  managedEntities,
  managedEntityKeys,
  type User,
} from '@ranwal/core';
import type { EntityOf } from '../data/entity-group.js';
import { demoData, longNamesData, type SeedData } from './demo-data.js';

/** A stored row of a level or of supporters (the parent's name is joined in when read). */
export type Row = Record<string, unknown> & { id: string; name: string };
/** A stored budget line: the names of its levels and supporter are joined in when read. */
export type StoredLine = Omit<BudgetLine, `${ManagedEntityKey}_name` | 'account_code'>;
export interface MemoryUser extends User {
  password: string;
}

/** The memory client's tables. Rows are copied, so one seed serves any number of clients. */
export interface MemorySeed {
  users: MemoryUser[];
  entities: { [K in ManagedEntityKey]: EntityOf<K>[] };
  lines: StoredLine[];
  articles: Article[];
}

const uuid = () => crypto.randomUUID();
/** The readable text of the (trusted) demo HTML, for excerpts. */
export const demoHtmlText = (html: string) =>
  html
    .replace(/<\/?(?:a|b|strong|em|i|u)\b[^>]*>/gi, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** Turns authored seed data (a tree of names, lines placed by subtitle and account code) into tables. */
export function buildSeed(data: SeedData): MemorySeed {
  const users = data.users.map((user) => ({ id: uuid(), ...user }));
  const tables = Object.fromEntries(managedEntityKeys.map((key) => [key, [] as Row[]]));
  const table = (key: ManagedEntityKey) => tables[key] as Row[];
  const plant = (nodes: SeedData['hierarchy'], depth: number, parentId: string | null) => {
    const key = hierarchyLevelKeys[depth];
    if (!key) return;
    const level = managedEntities[key];
    for (const node of nodes) {
      const row: Row = { id: uuid(), name: node.name };
      if (level.hasCode) row.code = node.code ?? '';
      if (level.hasTaxFlag) row.is_taxed = node.is_taxed ?? false;
      if (level.parentField) row[level.parentField] = parentId;
      table(key).push(row);
      plant(node.children ?? [], depth + 1, row.id);
    }
  };
  plant(data.hierarchy, 0, null);
  tables.supporter = data.supporters.map((name) => ({ id: uuid(), name }));

  const lines = data.reports.map((line): StoredLine => {
    const subtitle = table('subtitle').find((row) => row.name === line.subtitle);
    let row = table('account').find(
      (a) => a.code === line.account && a.subtitle_id === subtitle?.id,
    );
    const supporter = table('supporter').find((s) => s.name === line.supporter);
    if (!row || !supporter) throw new Error(`seed: no account ${line.account} or no supporter`);
    // The chain from the account up, as the level table links it.
    const ids: Record<string, string> = {};
    for (const key of [...hierarchyLevelKeys].reverse()) {
      ids[`${key}_id`] = row?.id ?? '';
      const { parent, parentField } = managedEntities[key];
      row = parent && parentField ? table(parent).find((r) => r.id === row?.[parentField]) : row;
    }
    const taxed = Boolean(table('program').find((p) => p.id === ids.program_id)?.is_taxed);
    const [first_volume, second_volume, third_volume] = line.volumes;
    const { component_code, component_name, specification, unit, price, year } = line;
    const amounts = { price, first_volume, second_volume, third_volume };
    return {
      id: uuid(),
      ...{ component_code, component_name, specification, unit, year, ...amounts },
      ...computeTotals({ ...amounts, taxed }),
      ...(ids as Pick<StoredLine, `${(typeof hierarchyLevelKeys)[number]}_id`>),
      supporter_id: supporter.id,
      created_by: users.find((user) => user.email === line.createdBy)?.id ?? null,
      created_at: line.createdAt,
    };
  });

  const articles: Article[] = [];
  for (const article of data.articles) {
    const taken = new Set(articles.map((a) => a.slug));
    articles.push({
      id: uuid(),
      slug: freeSlugOf(articleSlug(article.title), taken),
      title: article.title,
      excerpt: article.excerpt ?? excerptOfText(demoHtmlText(article.content)),
      content: article.content,
      cover_image: article.cover_image ?? null,
      tags: [...article.tags],
      status: article.status,
      category: article.category,
      name: users.find((user) => user.email === article.author)?.name ?? 'Administrator',
      created_at: article.createdAt,
      updated_at: article.createdAt,
      views_count: article.views,
    });
  }
  return { users, entities: tables as unknown as MemorySeed['entities'], lines, articles };
}

/** A small Bappeda: three programs down to Permendagri account codes, lines, articles, users. */
export const demoSeed: MemorySeed = /* @__PURE__ */ buildSeed(demoData);

/** The sign-in pairs of the demo seed's admin and user. */
export const demoCredentials = {
  admin: { email: 'admin@ranwal.local', password: 'admin12345' },
  user: { email: 'user@ranwal.local', password: 'user12345' },
} as const;

/** Nothing at all but an admin to act as: for Empty stories. */
export const emptySeed: MemorySeed = {
  users: demoSeed.users.filter((user) => user.email === demoCredentials.admin.email),
  entities: Object.fromEntries(
    managedEntityKeys.map((key) => [key, []]),
  ) as unknown as MemorySeed['entities'],
  lines: [],
  articles: [],
};

/** One full branch and its neighbours with very long Indonesian names: for LongNames stories. */
export const longNamesSeed: MemorySeed = /* @__PURE__ */ buildSeed(longNamesData);
