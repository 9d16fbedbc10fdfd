import { z } from 'zod';
import { CASH_PLAN_MONTHS } from '../cash-plan.js';
import { hierarchyLevelKeys } from '../entity-keys.js';
import { PaguAmount, PriceItemFields } from '../planning.js';
import {
  AccountCode,
  AgencyInput,
  ArticleCategory,
  ArticleStatus,
  type HierarchyImportBatch,
  ReportYear,
  Role,
} from '../schemas.js';
import data from './demo.json' with { type: 'json' };

/*
 * The demo, declared once as data (demo.json): a small Bappeda's budget under Permendagri 90
 * nomenclature, its supporters, budget lines, articles and people. The server loads it through
 * its own services on a first start (apps/server/src/seed/demo.ts); Storybook's stories build
 * their tables from it (packages/ui/src/testing/sandbox-seed.ts, `SeedTables` in tables.ts),
 * without its unit: a story that shows units seeds its own (`withAgencies`).
 */

/** A node of the hierarchy: its level is its depth (program, kegiatan, … kode rekening). */
export interface DemoNode {
  name: string;
  /** Accounts only. */
  code?: string | undefined;
  /** Programs only. */
  is_taxed?: boolean | undefined;
  children?: DemoNode[] | undefined;
}
const DemoNode: z.ZodType<DemoNode> = z.lazy(() =>
  z.object({
    name: z.string().min(1),
    code: AccountCode.optional(),
    is_taxed: z.boolean().optional(),
    children: z.array(DemoNode).optional(),
  }),
);

/** Who made a line or wrote an article: a demo person's email, or the first admin. */
const Author = z.union([z.literal('admin'), z.email()]);

const DemoFields = z.object({
  /** The people besides the first admin; the server gives each a generated password. */
  users: z.array(z.object({ name: z.string(), email: z.email(), role: Role })),
  /**
   * The Perangkat Daerah whose budget this is, where the demo has one: its programmes belong to
   * it and its people of role `user` work in it, so a first start shows the unit's monitoring
   * screens (Laporan Bulanan, Lapor dari Lapangan) with something in them.
   */
  agency: AgencyInput.optional(),
  supporters: z.array(z.string()),
  hierarchy: z.array(DemoNode),
  lines: z.array(
    z.object({
      /** Where the line sits: its subtitle (unique in the demo) and its account code there. */
      subtitle: z.string(),
      account: AccountCode,
      supporter: z.string(),
      createdBy: Author,
      year: ReportYear,
      /** How long before the demo's day the line was made. */
      daysAgo: z.number().int().min(0),
      component_code: z.string(),
      component_name: z.string(),
      specification: z.string(),
      unit: z.string(),
      price: z.number().int().min(0),
      volumes: z.tuple([z.number(), z.number(), z.number()]),
      /** The sumber dana's code, among those a database starts with (migration 0027). */
      funding: z.string().optional(),
    }),
  ),
  /** The standard price catalogue of the demo's years: its lines are priced from these items. */
  catalogue: z.array(PriceItemFields.extend({ year: ReportYear })).default([]),
  /** Pagu per sub kegiatan (named; unique in the demo) and year, a little above the lines. */
  pagu: z
    .array(z.object({ sub_action: z.string(), year: ReportYear, amount: PaguAmount }))
    .default([]),
  /**
   * The unit's Anggaran Kas of a year: each kode rekening of each sub kegiatan plans its lines'
   * total over the months in these percentages, exact to the rupiah (`spreadLike`), so the plan
   * balances whatever the lines' PPN makes their totals.
   */
  cashPlan: z
    .object({
      year: ReportYear,
      percentByMonth: z
        .array(z.number().int().min(0).max(100))
        .length(CASH_PLAN_MONTHS)
        .refine((shares) => shares.reduce((sum, share) => sum + share, 0) === 100, {
          error: 'jumlahnya harus 100',
        }),
    })
    .optional(),
  /** What the finance office paid (SP2D) against that plan, by sub kegiatan and kode rekening. */
  sp2d: z
    .array(
      z.object({
        sub_action: z.string(),
        account: AccountCode,
        number: z.string().min(1),
        date: z.iso.date(),
        amount: z.number().int().positive(),
        /** The sumber dana's code, as on lines. */
        funding: z.string().optional(),
      }),
    )
    .default([]),
  articles: z.array(
    z.object({
      title: z.string(),
      author: Author,
      category: ArticleCategory,
      status: ArticleStatus,
      tags: z.array(z.string()),
      daysAgo: z.number().int().min(0),
      views: z.number().int().min(0),
      excerpt: z.string().optional(),
      content: z.string(),
    }),
  ),
});

/** The demo's shape, and every name a line or article points at held by it (so not mid-seed). */
export const DemoData = DemoFields.superRefine((demo, context) => {
  const issue = (path: (string | number)[], message: string) =>
    context.addIssue({ code: 'custom', path, message });
  const accountsOf = new Map<string, Set<string | undefined>>();
  const visit = (nodes: readonly DemoNode[], depth: number) => {
    for (const node of nodes) {
      if (hierarchyLevelKeys[depth] !== 'subtitle') visit(node.children ?? [], depth + 1);
      else if (accountsOf.has(node.name)) issue(['hierarchy'], `subtitle twice: ${node.name}`);
      else accountsOf.set(node.name, new Set(node.children?.map((account) => account.code)));
    }
  };
  visit(demo.hierarchy, 0);
  const supporters = new Set(demo.supporters);
  const authors = new Set(['admin', ...demo.users.map((person) => person.email)]);
  for (const [index, line] of demo.lines.entries()) {
    if (!accountsOf.get(line.subtitle)?.has(line.account))
      issue(['lines', index, 'account'], `no ${line.account} under ${line.subtitle}`);
    if (!supporters.has(line.supporter))
      issue(['lines', index, 'supporter'], `no supporter ${line.supporter}`);
    if (!authors.has(line.createdBy))
      issue(['lines', index, 'createdBy'], `no person ${line.createdBy}`);
  }
  for (const [index, article] of demo.articles.entries()) {
    if (!authors.has(article.author))
      issue(['articles', index, 'author'], `no person ${article.author}`);
  }
});
export type DemoData = z.infer<typeof DemoData>;

/** The demo, checked against its schema when loaded. */
export const demoData: DemoData = DemoData.parse(data);

/** The email of the demo's own user (role `user`): the one whose password a first start prints. */
export const DEMO_USER_EMAIL = 'demo@ranwal.local';

/**
 * The hierarchy as one bulk import call reads it: per level, each record once, under its
 * parent's position in the level above (the tree's own shape); with `agency`, every programme
 * under that one Perangkat Daerah.
 */
export function demoImportBatch(
  hierarchy: readonly DemoNode[],
  agency?: DemoData['agency'],
): HierarchyImportBatch {
  const batch = {
    ...(agency && { agency: { name: [agency.name], code: [agency.code] } }),
    program: {
      name: [] as string[],
      is_taxed: [] as (boolean | null)[],
      ...(agency && { parent: [] as number[] }),
    },
    action: { parent: [] as number[], name: [] as string[] },
    sub_action: { parent: [] as number[], name: [] as string[] },
    activity: { parent: [] as number[], name: [] as string[] },
    subtitle: { parent: [] as number[], name: [] as string[] },
    account: { parent: [] as number[], code: [] as string[], name: [] as string[] },
    dry_run: false,
  };
  const place = (nodes: readonly DemoNode[], depth: number, parent: number) => {
    const key = hierarchyLevelKeys[depth];
    if (!key) return;
    for (const node of nodes) {
      let position: number;
      if (key === 'program') {
        position = batch.program.name.push(node.name) - 1;
        batch.program.is_taxed.push(node.is_taxed ?? false);
        batch.program.parent?.push(0);
      } else if (key === 'account') {
        position = batch.account.name.push(node.name) - 1;
        batch.account.parent.push(parent);
        batch.account.code.push(node.code ?? '');
      } else {
        position = batch[key].name.push(node.name) - 1;
        batch[key].parent.push(parent);
      }
      place(node.children ?? [], depth + 1, position);
    }
  };
  place(hierarchy, 0, -1);
  return batch;
}

/** The moment `daysAgo` days before `today`. */
export const demoDate = (daysAgo: number, today: Date): Date =>
  new Date(today.getTime() - daysAgo * 24 * 60 * 60 * 1000);

export * from './tables.js';
