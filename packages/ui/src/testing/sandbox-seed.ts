import {
  type Article,
  articleSlug,
  excerptOfText,
  freeSlugOf,
  hierarchyLevelKeys,
  type ManagedEntityKey,
  managedEntities,
  managedEntityKeys,
  type PriceItem,
  pricedLine,
} from '@ranwal/core';
import {
  DEMO_USER_EMAIL,
  DemoData,
  type DemoNode,
  demoData,
  demoDate,
  type SeedRow as Row,
  type SeedLine,
  type SeedPagu,
  type SeedPlanning,
  type SeedTables,
  type SeedUser,
} from '@ranwal/core/demo';
import longNames from './long-names.json' with { type: 'json' };

/** The tables a story starts from, as core declares them for the sandbox. */
export type {
  SeedLine,
  SeedPagu,
  SeedPlanning,
  SeedRow as Row,
  SeedTables,
  SeedUser,
} from '@ranwal/core/demo';

/**
 * Ids in the order rows are written, the same every run (each session has its own database), so
 * lists that break ties by id keep one order and the stories' screenshots match (docs/ui.md,
 * "Visual regression").
 */
let lastId = 0;
const uuid = () => `5eed0000-0000-4000-8000-${(++lastId).toString(16).padStart(12, '0')}`;
/** The readable text of the (trusted) demo HTML, for excerpts. */
const demoHtmlText = (html: string) =>
  html
    .replace(/<\/?(?:a|b|strong|em|i|u)\b[^>]*>/gi, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** The day the stories' demo is seen from: dates are this minus `daysAgo`, the same every run. */
const DEMO_DAY = new Date('2025-07-01T02:00:00.000Z');
/** The stories' admin (the server's first admin is configured, not demo data). */
const storyAdmin = { name: 'Administrator', email: 'admin@ranwal.local', role: 'admin' } as const;
/** The password every story person signs in with; the admin's is its own. */
const STORY_PASSWORD = 'user12345';

/** The tables of a demo (`@ranwal/core/demo`'s, or a story's in its shape). */
export function buildSeed(data: DemoData): SeedTables {
  const users: SeedUser[] = [
    { id: uuid(), ...storyAdmin, agency_ids: [], password: 'admin12345' },
    ...data.users.map((person) => ({
      id: uuid(),
      agency_ids: [],
      ...person,
      password: STORY_PASSWORD,
    })),
  ];
  const userOf = (author: string) =>
    users.find((user) => user.email === (author === 'admin' ? storyAdmin.email : author));
  const at = (daysAgo: number) => demoDate(daysAgo, DEMO_DAY).toISOString();
  const tables = Object.fromEntries(managedEntityKeys.map((key) => [key, [] as Row[]]));
  const table = (key: ManagedEntityKey) => tables[key] as Row[];
  const plant = (nodes: readonly DemoNode[], depth: number, parentId: string | null) => {
    const key = hierarchyLevelKeys[depth];
    if (!key) return;
    const level = managedEntities[key];
    for (const node of nodes) {
      const row: Row = { id: uuid(), name: node.name };
      if (level.hasCode) row.code = node.code ?? (level.codeRequired ? '' : null);
      if (level.hasTaxFlag) row.is_taxed = node.is_taxed ?? false;
      if (level.parentField) row[level.parentField] = parentId;
      table(key).push(row);
      plant(node.children ?? [], depth + 1, row.id);
    }
  };
  plant(data.hierarchy, 0, null);
  tables.supporter = data.supporters.map((name) => ({ id: uuid(), name }));

  const lines = data.lines.map((line): SeedLine => {
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
      ...pricedLine({ ...amounts, unit, is_taxed: taxed }),
      price_item_id: null,
      ...(ids as Pick<SeedLine, `${(typeof hierarchyLevelKeys)[number]}_id`>),
      supporter_id: supporter.id,
      ...(line.funding ? { funding_source_code: line.funding } : {}),
      created_by: userOf(line.createdBy)?.id ?? null,
      created_at: at(line.daysAgo),
      updated_at: null,
      updated_by: null,
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
      cover_image: null,
      tags: [...article.tags],
      status: article.status,
      category: article.category,
      name: userOf(article.author)?.name ?? storyAdmin.name,
      created_at: at(article.daysAgo),
      updated_at: at(article.daysAgo),
      views_count: article.views,
    });
  }
  return { users, entities: tables as unknown as SeedTables['entities'], lines, articles };
}

/** A small Bappeda: three programs down to Permendagri account codes, lines, articles, users. */
export const demoSeed: SeedTables = /* @__PURE__ */ buildSeed(demoData);

/** The sign-in pairs of the demo seed's admin and user. */
export const demoCredentials = {
  admin: { email: storyAdmin.email, password: 'admin12345' },
  user: { email: DEMO_USER_EMAIL, password: STORY_PASSWORD },
} as const;

/** Nothing at all but an admin to act as: for Empty stories. */
export const emptySeed: SeedTables = {
  users: demoSeed.users.filter((user) => user.email === demoCredentials.admin.email),
  entities: Object.fromEntries(
    managedEntityKeys.map((key) => [key, []]),
  ) as unknown as SeedTables['entities'],
  lines: [],
  articles: [],
};

/**
 * `seed` with two Perangkat Daerah: Bappeda (coded) holds every programme but the first, which
 * has no agency; Dinas Pendidikan has none yet.
 */
export function withAgencies(seed: SeedTables): SeedTables {
  const copy = structuredClone(seed);
  const bappeda = {
    id: uuid(),
    code: '4.01.0.00.0.00.01.0000',
    name: 'BADAN PERENCANAAN PEMBANGUNAN DAERAH',
  };
  copy.entities.agency = [bappeda, { id: uuid(), code: null, name: 'DINAS PENDIDIKAN' }];
  for (const program of copy.entities.program.slice(1)) program.agency_id = bappeda.id;
  return copy;
}

/** The demo with agencies (`withAgencies`). */
export const agenciesSeed: SeedTables = /* @__PURE__ */ withAgencies(demoSeed);

/** One full branch and its neighbours with very long Indonesian names: for LongNames stories. */
export const longNamesSeed: SeedTables = /* @__PURE__ */ buildSeed(DemoData.parse(longNames));

/**
 * `seed` planning within a ceiling as the demo does: its standard price catalogue and the pagu of
 * its sub kegiatan (by name), and `planning` on top (settings, other pagu).
 */
export function withPlanning(
  seed: SeedTables,
  planning: SeedPlanning = {},
  data: DemoData = demoData,
): SeedTables {
  const copy = structuredClone(seed);
  const subActions = copy.entities.sub_action as unknown as Row[];
  const demoPagu = data.pagu.flatMap(({ sub_action, year, amount }): SeedPagu[] => {
    const found = subActions.find((row) => row.name === sub_action);
    return found ? [{ sub_action_id: found.id, year, amount, allow_overrun: false }] : [];
  });
  const priceItems = data.catalogue.map(
    (item): PriceItem => ({ id: uuid(), retired: false, ...item }),
  );
  // A pagu given for a sub kegiatan and year replaces the demo's.
  const given = planning.pagu ?? [];
  copy.planning = {
    ...planning,
    pagu: [
      ...demoPagu.filter(
        (pagu) =>
          !given.some((g) => g.sub_action_id === pagu.sub_action_id && g.year === pagu.year),
      ),
      ...given,
    ],
    priceItems: [...priceItems, ...(planning.priceItems ?? [])],
  };
  return copy;
}
