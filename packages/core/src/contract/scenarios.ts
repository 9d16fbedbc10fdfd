import type { ApiResult, ListResult, RanwalClient } from '../client.js';
import { ApiError, type ErrorCode } from '../errors.js';
import { currentYear, reportFileName } from '../format.js';
import { messagesId } from '../messages/index.js';
import { computeTotals, MAX_LINE_TOTAL } from '../money.js';
import type { FieldIssue, ListFilter } from '../schemas.js';

/*
 * The API's behaviour as a caller sees it, declared once: each scenario makes what it needs
 * through the API, makes its calls, and says what must come back (status, error code, message,
 * data). The server's tests run the table over HTTP against the real app (PGlite and
 * PostgreSQL), and again through the sandbox Storybook's stories run on; a stand-in of the API
 * can be held to the same table. Scenarios share one store: each names its records
 * with its own tag and never depends on another's.
 */

/** Who calls: a signed-in admin, a signed-in user (role `user`), and a signed-out visitor. */
export interface ContractCallers {
  admin: RanwalClient;
  user: RanwalClient;
  visitor: RanwalClient;
  /** A caller that sends this bearer token (a session a scenario signed in itself). */
  withToken(token: string): RanwalClient;
}

/** What a call came back with, success or failure, in the terms a caller can see. */
export interface CallOutcome {
  status: number;
  message: string;
  code?: ErrorCode | undefined;
  issues?: FieldIssue[] | undefined;
  data?: unknown;
  filter?: ListFilter | undefined;
}

/** The part of an outcome that must be as given (objects and list items match by their given fields). */
export type ExpectedOutcome = Partial<Omit<CallOutcome, 'filter' | 'issues'>> & {
  filter?: Partial<ListFilter>;
  issues?: Partial<FieldIssue>[];
};

/** One comparison: what came back, and the part of it that must be as given. */
export interface ContractCheck {
  what: string;
  actual: CallOutcome;
  expected: ExpectedOutcome;
}

export interface ContractScenario {
  name: string;
  /** Runs the calls; `tag` is unique to this scenario, for the names of what it makes. */
  run(callers: ContractCallers, tag: string): Promise<ContractCheck[]>;
}

/** Makes a call and returns its outcome; an HTTP error answer is an outcome, not a throw. */
export async function outcomeOf(
  call: Promise<ApiResult<unknown> | ListResult<unknown>>,
): Promise<CallOutcome> {
  try {
    const answer: ApiResult<unknown> & { filter?: ListFilter } = await call;
    const { status, message, data, filter } = answer;
    return { status, message, data, ...(filter ? { filter } : {}) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'http') throw error;
    return {
      status: error.status,
      message: error.serverMessage ?? error.message,
      code: error.code,
      issues: error.issues,
    };
  }
}

/** The data of a call that must succeed (a scenario's own set-up). */
async function made<T>(call: Promise<ApiResult<T>>): Promise<T> {
  return (await call).data;
}

const server = messagesId.server;
const levels = messagesId.levels;
const check = async (
  what: string,
  call: Promise<ApiResult<unknown> | ListResult<unknown>>,
  expected: ExpectedOutcome,
): Promise<ContractCheck> => ({ what, actual: await outcomeOf(call), expected });

/** A chain from a new program down to an account code, and a supporter. */
async function chain(admin: RanwalClient, tag: string, options: { taxed?: boolean } = {}) {
  const program = await made(
    admin.program.create({ name: `Program ${tag}`, is_taxed: options.taxed ?? false }),
  );
  const action = await made(
    admin.action.create({ name: `Kegiatan ${tag}`, program_id: program.id }),
  );
  const sub_action = await made(
    admin.sub_action.create({ name: `Sub Kegiatan ${tag}`, action_id: action.id }),
  );
  const activity = await made(
    admin.activity.create({ name: `Aktivitas ${tag}`, sub_action_id: sub_action.id }),
  );
  const subtitle = await made(
    admin.subtitle.create({ name: `Subtitle ${tag}`, activity_id: activity.id }),
  );
  const account = await made(
    admin.account.create({
      name: `Belanja ${tag}`,
      code: `5.1.02.${tag}`,
      subtitle_id: subtitle.id,
    }),
  );
  const supporter = await made(admin.supporter.create({ name: `Pengampu ${tag}` }));
  return { program, action, sub_action, activity, subtitle, account, supporter };
}

type Chain = Awaited<ReturnType<typeof chain>>;
const chainIds = (c: Chain) => ({
  program_id: c.program.id,
  action_id: c.action.id,
  sub_action_id: c.sub_action.id,
  activity_id: c.activity.id,
  subtitle_id: c.subtitle.id,
  account_id: c.account.id,
  supporter_id: c.supporter.id,
});

const line = (c: Chain, fields: Record<string, unknown> = {}) => ({
  component_code: '1.1.12.01',
  component_name: 'Kertas HVS A4',
  specification: '80 gram',
  unit: 'rim',
  price: 55_000,
  first_volume: 10,
  second_volume: 1,
  third_volume: 1,
  year: 2025,
  ...chainIds(c),
  ...fields,
});

/** The tag of the scenario at `index`: three characters, lowercase, unique in the table. */
export const scenarioTag = (index: number): string => `s${String(index + 1).padStart(2, '0')}`;

export const contractScenarios: ContractScenario[] = [
  {
    name: 'a level is created under its parent and read back with the parent name',
    async run({ admin }, tag) {
      const program = await made(admin.program.create({ name: `Program ${tag}`, is_taxed: true }));
      return [
        await check(
          'create',
          admin.action.create({ name: `Kegiatan ${tag}`, program_id: program.id }),
          {
            status: 201,
            message: server.created,
            data: {
              name: `Kegiatan ${tag}`,
              program_id: program.id,
              program_name: `Program ${tag}`,
            },
          },
        ),
        await check('list under the parent', admin.action.list({ uuid: program.id }), {
          status: 200,
          data: [{ name: `Kegiatan ${tag}`, program_name: `Program ${tag}` }],
          filter: { current_page: 1, total_page: 1, filtered_result: 1, total_result: 1 },
        }),
      ];
    },
  },
  {
    name: 'a level under a parent that does not exist is refused, naming the field',
    async run({ admin }) {
      const missing = '00000000-0000-4000-8000-000000000000';
      const problem = server.recordNotFound(levels.program.label);
      return [
        await check('create', admin.action.create({ name: 'Yatim', program_id: missing }), {
          status: 400,
          code: 'validation',
          message: server.validation('program_id', problem),
          issues: [{ path: 'program_id', message: problem }],
        }),
      ];
    },
  },
  {
    name: 'an account code is unique under its subtitle, and only there',
    async run({ admin }, tag) {
      const c = await chain(admin, tag);
      const other = await made(
        admin.subtitle.create({ name: `Subtitle lain ${tag}`, activity_id: c.activity.id }),
      );
      const code = c.account.code;
      const problem = server.accountCodeTaken(code);
      return [
        await check(
          'same code, same subtitle',
          admin.account.create({ name: 'Lain', code, subtitle_id: c.subtitle.id }),
          {
            status: 409,
            code: 'conflict',
            message: server.validation('code', problem),
            issues: [{ path: 'code', message: problem }],
          },
        ),
        await check(
          'same code, another subtitle',
          admin.account.create({ name: 'Lain', code, subtitle_id: other.id }),
          { status: 201, data: { code, subtitle_id: other.id } },
        ),
      ];
    },
  },
  {
    name: 'lists search names (and codes), in order of code or name, with counts',
    async run({ admin }, tag) {
      const c = await chain(admin, tag);
      await made(
        admin.account.create({
          name: `Alat ${tag}`,
          code: `5.1.01.${tag}`,
          subtitle_id: c.subtitle.id,
        }),
      );
      return [
        await check('accounts by code', admin.account.list({ uuid: c.subtitle.id }), {
          data: [{ code: `5.1.01.${tag}` }, { code: `5.1.02.${tag}` }],
          filter: { current_page: 1, total_page: 1, filtered_result: 2, total_result: 2 },
        }),
        await check(
          'search on the code',
          admin.account.list({ uuid: c.subtitle.id, search: `5.1.02.${tag}` }),
          {
            data: [{ name: `Belanja ${tag}` }],
            filter: { current_page: 1, total_page: 1, filtered_result: 1, total_result: 2 },
          },
        ),
        await check(
          'search on the name, any case',
          admin.program.list({ search: `program ${tag}`.toUpperCase() }),
          {
            data: [{ name: `Program ${tag}` }],
          },
        ),
        await check(
          'a page of one',
          admin.account.list({ uuid: c.subtitle.id, limit: 1, page: 2 }),
          {
            data: [{ code: `5.1.02.${tag}` }],
            filter: { current_page: 2, total_page: 2, filtered_result: 2, total_result: 2 },
          },
        ),
      ];
    },
  },
  {
    name: 'a record with children or lines is not deleted, and the message says what holds it',
    async run({ admin }, tag) {
      const c = await chain(admin, tag);
      await made(admin.budgetLine.create(line(c)));
      return [
        await check('program with a kegiatan and a line', admin.program.delete(c.program.id), {
          status: 409,
          code: 'conflict',
          message: server.conflictHasChildren(
            `${levels.program.label} "Program ${tag}"`,
            `1 ${levels.action.label} dan 1 laporan`,
          ),
        }),
        await check('account with a line', admin.account.delete(c.account.id), {
          status: 409,
          message: server.conflictHasChildren(
            `${levels.account.label} "Belanja ${tag}"`,
            '1 laporan',
          ),
        }),
        await check(
          'a missing record',
          admin.supporter.delete('00000000-0000-4000-8000-000000000000'),
          {
            status: 404,
            code: 'not_found',
            message: server.notFound(levels.supporter.label),
          },
        ),
      ];
    },
  },
  {
    name: 'a record that lines point to is renamed, but not moved to another parent',
    async run({ admin }, tag) {
      const c = await chain(admin, tag);
      const elsewhere = await chain(admin, `${tag}b`);
      await made(admin.budgetLine.create(line(c)));
      const problem = server.movedUnderReports(1);
      return [
        await check(
          'rename',
          admin.action.update(c.action.id, {
            name: `Kegiatan baru ${tag}`,
            program_id: c.program.id,
          }),
          { status: 200, message: server.updated, data: { name: `Kegiatan baru ${tag}` } },
        ),
        await check(
          'move',
          admin.action.update(c.action.id, {
            name: `Kegiatan ${tag}`,
            program_id: elsewhere.program.id,
          }),
          {
            status: 409,
            message: server.validation('program_id', problem),
            issues: [{ path: 'program_id', message: problem }],
          },
        ),
      ];
    },
  },
  {
    name: 'a budget line is priced by the server, taxed when asked (or when it carries PPN)',
    async run({ admin, user }, tag) {
      const c = await chain(admin, tag);
      const plain = computeTotals({
        price: 55_000,
        first_volume: 10,
        second_volume: 1,
        third_volume: 1,
        taxed: false,
      });
      const taxed = computeTotals({
        price: 55_000,
        first_volume: 10,
        second_volume: 1,
        third_volume: 1,
        taxed: true,
      });
      return [
        await check(
          'no PPN; the browser totals are ignored',
          user.budgetLine.create(line(c, { total_price: 1, tax: 0, total_after_tax: 1 })),
          {
            status: 201,
            message: server.created,
            data: {
              ...plain,
              program_name: `Program ${tag}`,
              sub_action_name: `Sub Kegiatan ${tag}`,
              account_code: c.account.code,
              account_name: `Belanja ${tag}`,
              supporter_name: `Pengampu ${tag}`,
            },
          },
        ),
        await check('is_taxed', user.budgetLine.create(line(c, { is_taxed: true })), {
          status: 201,
          data: taxed,
        }),
        await check('a tax amount without is_taxed', user.budgetLine.create(line(c, { tax: 1 })), {
          status: 201,
          data: taxed,
        }),
      ];
    },
  },
  {
    name: 'a line above the most one line may hold is refused, naming its total',
    async run({ admin, user }, tag) {
      const c = await chain(admin, tag);
      return [
        await check(
          'the most, and one rupiah more',
          user.budgetLine.create(line(c, { price: MAX_LINE_TOTAL + 1, first_volume: 1 })),
          {
            status: 400,
            code: 'validation',
            message: server.validation('total_after_tax', server.issueLineTooLarge),
            issues: [{ path: 'total_after_tax' }],
          },
        ),
        await check(
          'the most',
          user.budgetLine.create(line(c, { price: MAX_LINE_TOTAL, first_volume: 1 })),
          {
            status: 201,
            data: { total_after_tax: MAX_LINE_TOTAL },
          },
        ),
      ];
    },
  },
  {
    name: "a budget line's references must form one chain",
    async run({ admin, user }, tag) {
      const c = await chain(admin, tag);
      const other = await chain(admin, `${tag}b`);
      const problem = server.recordNotUnder(levels.action.label, levels.program.label);
      return [
        await check(
          'a kegiatan of another program',
          user.budgetLine.create(line(c, { action_id: other.action.id })),
          {
            status: 400,
            code: 'validation',
            message: server.validation('action_id', problem),
            issues: [
              { path: 'action_id', message: problem },
              {
                path: 'sub_action_id',
                message: server.recordNotUnder(levels.sub_action.label, levels.action.label),
              },
            ],
          },
        ),
      ];
    },
  },
  {
    name: 'a user sees, edits and deletes their own lines; an admin every line',
    async run({ admin, user }, tag) {
      const c = await chain(admin, tag);
      const mine = await made(
        user.budgetLine.create(line(c, { component_name: `Milik user ${tag}` })),
      );
      const theirs = await made(
        admin.budgetLine.create(line(c, { component_name: `Milik admin ${tag}` })),
      );
      const me = await made(user.user.me());
      const edited = line(c, { component_name: `Diubah ${tag}`, price: 60_000, first_volume: 2 });
      return [
        await check('user list', user.budgetLine.list({ search: tag }), {
          data: [{ id: mine.id }],
          filter: { current_page: 1, total_page: 1, filtered_result: 1 },
        }),
        await check('admin list, newest first', admin.budgetLine.list({ search: tag }), {
          data: [{ id: theirs.id }, { id: mine.id }],
        }),
        await check("a user reading another's line", user.budgetLine.get(theirs.id), {
          status: 404,
          message: server.notFound(server.records.line),
        }),
        await check('a user editing their line', user.budgetLine.update(mine.id, edited), {
          status: 200,
          message: server.updated,
          data: {
            id: mine.id,
            component_name: `Diubah ${tag}`,
            total_price: 120_000,
            total_after_tax: 120_000,
            created_at: mine.created_at,
            updated_by_name: me.name,
          },
        }),
        await check("a user editing another's line", user.budgetLine.update(theirs.id, edited), {
          status: 404,
          message: server.notFound(server.records.line),
        }),
        await check("a user deleting another's line", user.budgetLine.delete(theirs.id), {
          status: 404,
          message: server.notFound(server.records.line),
        }),
        await check('a user deleting their line', user.budgetLine.delete(mine.id), {
          status: 200,
          message: server.deleted,
        }),
        await check("an admin editing a user's line", admin.budgetLine.update(theirs.id, edited), {
          status: 200,
          data: { id: theirs.id, component_name: `Diubah ${tag}` },
        }),
        await check('an admin deleting', admin.budgetLine.delete(theirs.id), {
          status: 200,
          message: server.deleted,
        }),
        await check('the list afterwards', admin.budgetLine.list({ search: tag }), { data: [] }),
      ];
    },
  },
  {
    name: 'an edit is checked as a create: its chain, its name, its total',
    async run({ admin }, tag) {
      const c = await chain(admin, tag);
      const other = await chain(admin, `${tag}b`);
      const saved = await made(admin.budgetLine.create(line(c)));
      const issue = (path: string, message: string) => ({
        status: 400,
        code: 'validation' as const,
        message: server.validation(path, message),
        issues: [{ path, message }],
      });
      return [
        await check(
          'a chain that does not hold together',
          admin.budgetLine.update(saved.id, line(c, { action_id: other.action.id })),
          {
            status: 400,
            code: 'validation',
            issues: [
              {
                path: 'action_id',
                message: server.recordNotUnder(levels.action.label, levels.program.label),
              },
              {
                path: 'sub_action_id',
                message: server.recordNotUnder(levels.sub_action.label, levels.action.label),
              },
            ],
          },
        ),
        await check(
          'a blank component name',
          admin.budgetLine.update(saved.id, line(c, { component_name: '  ' })),
          issue('component_name', 'wajib diisi'),
        ),
        await check(
          'a create with a zero price',
          admin.budgetLine.create(line(c, { price: 0 })),
          issue('price', 'harus lebih dari 0 (baris dengan Total Harga Rp 0 tidak disimpan)'),
        ),
        await check('the line is as it was', admin.budgetLine.get(saved.id), {
          data: { component_name: saved.component_name, total_price: saved.total_price },
        }),
        await check(
          'a line that does not exist',
          admin.budgetLine.update('00000000-0000-4000-8000-000000000000', line(c)),
          { status: 404, message: server.notFound(server.records.line) },
        ),
      ];
    },
  },
  {
    name: "lists sort by date or total, and an admin narrows to one user's lines",
    async run({ admin, user }, tag) {
      const c = await chain(admin, tag);
      const small = await made(user.budgetLine.create(line(c, { price: 1_000 })));
      const large = await made(user.budgetLine.create(line(c, { price: 90_000 })));
      const admins = await made(admin.budgetLine.create(line(c, { price: 5_000 })));
      const me = await made(user.user.me());
      const mine = { program_id: c.program.id };
      return [
        await check(
          'by total, largest first',
          admin.budgetLine.list({ ...mine, sort: 'total_desc' }),
          {
            data: [{ id: large.id }, { id: admins.id }, { id: small.id }],
          },
        ),
        await check(
          'by total, smallest first',
          admin.budgetLine.list({ ...mine, sort: 'total_asc' }),
          {
            data: [{ id: small.id }, { id: admins.id }, { id: large.id }],
          },
        ),
        await check('oldest first', admin.budgetLine.list({ ...mine, sort: 'oldest' }), {
          data: [{ id: small.id }, { id: large.id }, { id: admins.id }],
        }),
        await check(
          "an admin's view of one user",
          admin.budgetLine.list({ ...mine, created_by: me.id }),
          { data: [{ id: large.id }, { id: small.id }], filter: { filtered_result: 2 } },
        ),
        await check(
          "a user asking for another's lines gets their own",
          user.budgetLine.list({ ...mine, created_by: admins.created_by ?? undefined }),
          { data: [{ id: large.id }, { id: small.id }] },
        ),
        await check(
          'an order the API does not know',
          admin.budgetLine.list({ ...mine, sort: 'cheapest' as 'oldest' }),
          {
            status: 400,
            code: 'validation',
          },
        ),
      ];
    },
  },
  {
    name: 'lines are found by component, specification, program, account code and name, and filtered by year',
    async run({ admin }, tag) {
      const c = await chain(admin, tag);
      const old = await made(
        admin.budgetLine.create(
          line(c, { year: 2024, component_code: `K${tag}`, specification: `Ukuran F4 ${tag}` }),
        ),
      );
      const recent = await made(admin.budgetLine.create(line(c, { year: 2025 })));
      const both = [{ id: recent.id }, { id: old.id }];
      return [
        await check('component code', admin.budgetLine.list({ search: `k${tag}` }), {
          data: [{ id: old.id }],
        }),
        await check('specification', admin.budgetLine.list({ search: `ukuran f4 ${tag}` }), {
          data: [{ id: old.id }],
        }),
        await check('program name', admin.budgetLine.list({ search: `Program ${tag}` }), {
          data: both,
        }),
        await check('account code', admin.budgetLine.list({ search: c.account.code }), {
          data: both,
        }),
        await check('account name', admin.budgetLine.list({ search: `belanja ${tag}` }), {
          data: both,
        }),
        await check('year', admin.budgetLine.list({ search: `Program ${tag}`, year: 2024 }), {
          data: [{ id: old.id }],
        }),
        await check('program filter', admin.budgetLine.list({ program_id: c.program.id }), {
          data: both,
        }),
      ];
    },
  },
  {
    name: 'the summary reads the current budget year unless asked, per program',
    async run({ admin }, tag) {
      const c = await chain(admin, tag, { taxed: true });
      // A year no other scenario uses, later than any of theirs: asked for, it is summed; not
      // asked for, the summary stays on the current year however late a line is.
      const year = 2099;
      const a = await made(admin.budgetLine.create(line(c, { year, is_taxed: true })));
      const b = await made(admin.budgetLine.create(line(c, { year, price: 1_000 })));
      return [
        await check('no year', admin.budgetLine.summary({}), {
          status: 200,
          data: { year: currentYear() },
        }),
        await check('the year of the lines', admin.budgetLine.summary({ year }), {
          status: 200,
          data: {
            year,
            line_count: 2,
            total_price: String(a.total_price + b.total_price),
            tax: String(a.tax + b.tax),
            total_after_tax: String(a.total_after_tax + b.total_after_tax),
            programs: [
              {
                program_id: c.program.id,
                program_name: `Program ${tag}`,
                line_count: 2,
                total_after_tax: String(a.total_after_tax + b.total_after_tax),
              },
            ],
          },
        }),
      ];
    },
  },
  {
    name: 'a line that takes its sub kegiatan over the pagu is refused, naming the pagu and the excess; a cheaper edit or an allowed overrun passes',
    async run({ admin, user }, tag) {
      const c = await chain(admin, tag);
      const year = 2025;
      const what = `${levels.sub_action.label} Sub Kegiatan ${tag}`;
      await made(admin.pagu.set({ sub_action_id: c.sub_action.id, year, amount: 1_000_000 }));
      // 10 x Rp 55.000 = Rp 550.000 a line, without PPN.
      const first = await made(user.budgetLine.create(line(c)));
      return [
        await check(
          "the chain's ceiling after one line",
          user.pagu.status({ sub_action_id: c.sub_action.id, year }),
          {
            status: 200,
            data: {
              year,
              levels: [
                { level: 'program', pagu: '1000000', planned: '550000', remaining: '450000' },
                { level: 'action', pagu: '1000000', planned: '550000', remaining: '450000' },
                {
                  level: 'sub_action',
                  id: c.sub_action.id,
                  pagu: '1000000',
                  planned: '550000',
                  remaining: '450000',
                  allow_overrun: false,
                },
              ],
            },
          },
        ),
        await check('a second line over the pagu', user.budgetLine.create(line(c)), {
          status: 409,
          code: 'conflict',
          message: server.paguExceeded(what, 'Rp 1.000.000', 'Rp 100.000'),
          issues: [{ path: 'total_after_tax' }],
        }),
        await check(
          'the edited line left out of what is planned',
          user.pagu.status({ sub_action_id: c.sub_action.id, year, line_id: first.id }),
          { data: { levels: [{}, {}, { planned: '0', remaining: '1000000' }] } },
        ),
        await check(
          'an edit over a pagu lowered since, that makes the line cheaper',
          (async () => {
            await made(admin.pagu.set({ sub_action_id: c.sub_action.id, year, amount: 100_000 }));
            return user.budgetLine.update(first.id, line(c, { price: 50_000 }));
          })(),
          { status: 200, data: { total_after_tax: 500_000 } },
        ),
        await check(
          'a line once an admin allows the overrun, with a reason',
          (async () => {
            await made(
              admin.pagu.set({
                sub_action_id: c.sub_action.id,
                year,
                amount: 100_000,
                allow_overrun: true,
                overrun_reason: 'Perubahan kebutuhan',
              }),
            );
            return user.budgetLine.create(line(c));
          })(),
          { status: 201 },
        ),
      ];
    },
  },
  {
    name: 'a line priced from the catalogue takes the item, at most its price unless open, under its kode rekening',
    async run({ admin, user }, tag) {
      const c = await chain(admin, tag);
      const year = 2025;
      const chair = {
        code: `1.1.7.${tag}`,
        name: `Kursi Rapat ${tag}`,
        specification: 'Kayu jati',
        unit: 'Buah',
        price: 100_000,
        account_codes: [c.account.code],
      };
      const elsewhere = { ...chair, code: `1.1.8.${tag}`, account_codes: ['9.9.99.99.99.9999'] };
      const imported = await check(
        'the import',
        admin.priceItem.import({ year, items: [chair, elsewhere] }),
        { status: 200, data: { created: 2, changed: 0, unchanged: 0 } },
      );
      const listed = await outcomeOf(
        user.priceItem.list({ year, account_code: c.account.code, search: tag }),
      );
      const items = (listed.data ?? []) as { id: string; code: string }[];
      const chairId = items.find((item) => item.code === chair.code)?.id ?? 'missing';
      const all = await outcomeOf(admin.priceItem.list({ year, search: tag, limit: 10 }));
      const elsewhereId =
        ((all.data ?? []) as { id: string; code: string }[]).find(
          (item) => item.code === elsewhere.code,
        )?.id ?? 'missing';
      const priced = (price: number, itemId = chairId) =>
        user.budgetLine.create(
          line(c, { price, price_item_id: itemId, component_name: 'Diganti', unit: 'unit' }),
        );
      return [
        imported,
        {
          what: 'the search under the kode rekening',
          actual: listed,
          expected: {
            data: [{ code: chair.code, name: chair.name, price: chair.price, open: false }],
          },
        },
        await check('a price above the item', priced(120_000), {
          status: 400,
          code: 'validation',
          issues: [{ path: 'price', message: server.priceAboveCatalogue('Rp 100.000') }],
        }),
        await check(
          "a price at or below it, which takes the item's name and unit",
          priced(90_000),
          {
            status: 201,
            data: {
              price_item_id: chairId,
              component_code: chair.code,
              component_name: chair.name,
              specification: chair.specification,
              unit: chair.unit,
              price: 90_000,
            },
          },
        ),
        await check('an item of another kode rekening', priced(90_000, elsewhereId), {
          status: 400,
          issues: [
            { path: 'price_item_id', message: server.priceItemNotForAccount(c.account.code) },
          ],
        }),
        await check(
          'above an item an admin opened',
          (async () => {
            await made(admin.priceItem.update(chairId, { open: true }));
            return priced(120_000);
          })(),
          { status: 201, data: { price: 120_000, total_price: 1_200_000 } },
        ),
      ];
    },
  },
  {
    name: "an item added in the browser is offered for its year; its code is the year's once; retired, it is refused for a new line",
    async run({ admin, user }, tag) {
      const c = await chain(admin, tag);
      const year = 2025;
      const folder = {
        year,
        code: `1.1.9.${tag}`,
        name: `Map Plastik ${tag}`,
        unit: 'Buah',
        price: 4_500,
        account_codes: [c.account.code],
      };
      const created = await check('the item added', admin.priceItem.create(folder), {
        status: 201,
        data: { code: folder.code, price: 4_500, open: false, retired: false },
      });
      const itemId = (created.actual.data as { id?: string } | undefined)?.id ?? 'missing';
      const offered = () =>
        user.priceItem.list({ year, account_code: c.account.code, search: folder.code });
      const priced = () =>
        user.budgetLine.create(
          line(c, { price: 4_500, price_item_id: itemId, component_name: 'Diganti', unit: 'u' }),
        );
      return [
        created,
        await check('the same code again', admin.priceItem.create({ ...folder, name: 'Lain' }), {
          status: 409,
          code: 'conflict',
          issues: [{ path: 'code', message: server.priceItemCodeTaken(folder.code, year) }],
        }),
        await check('a user adding one', user.priceItem.create({ ...folder, code: `X.${tag}` }), {
          status: 403,
        }),
        await check('offered to the line form', offered(), {
          status: 200,
          data: [{ code: folder.code, name: folder.name, retired: false }],
        }),
        await check('a line priced from it', priced(), {
          status: 201,
          data: { price_item_id: itemId, component_name: folder.name },
        }),
        await check(
          'retired: no longer offered',
          (async () => {
            await made(admin.priceItem.update(itemId, { retired: true }));
            return offered();
          })(),
          { status: 200, data: [] },
        ),
        await check('a new line from the retired item', priced(), {
          status: 400,
          issues: [{ path: 'price_item_id', message: server.priceItemRetired(folder.code) }],
        }),
      ];
    },
  },
  {
    name: 'only an admin manages; a visitor is told the token is invalid',
    async run({ user, visitor }) {
      return [
        await check('a user creating a program', user.program.create({ name: 'Tidak boleh' }), {
          status: 403,
          code: 'forbidden',
          message: server.forbidden,
        }),
        await check('a visitor listing lines', visitor.budgetLine.list({}), {
          status: 401,
          code: 'unauthorized',
          message: server.tokenInvalid,
        }),
        await check('a visitor checking health', visitor.health.get(), {
          status: 200,
          data: { database: 'up' },
        }),
      ];
    },
  },
  {
    name: 'people sign in by email in any case; a wrong password is one message',
    async run({ admin, visitor }, tag) {
      const email = `siti.${tag.toLowerCase()}@ranwal.local`;
      await made(
        admin.user.create({ name: `Siti ${tag}`, email, role: 'user', password: 'rahasia-123' }),
      );
      return [
        await check(
          'right',
          visitor.user.signIn({ email: email.toUpperCase(), password: 'rahasia-123' }),
          {
            status: 200,
            message: server.signInSuccess,
            data: { name: `Siti ${tag}`, email, role: 'user' },
          },
        ),
        await check('wrong', visitor.user.signIn({ email, password: 'salah-salah-1' }), {
          status: 401,
          code: 'unauthorized',
          message: server.signInFailed,
        }),
      ];
    },
  },
  {
    name: "a password change ends the person's other sessions; an admin's reset ends them all",
    async run({ admin, user, visitor, withToken }, tag) {
      const email = `dewi.${tag.toLowerCase()}@ranwal.local`;
      const person = await made(
        admin.user.create({ name: `Dewi ${tag}`, email, role: 'user', password: 'rahasia-123' }),
      );
      const signIn = async (password: string) =>
        withToken((await made(visitor.user.signIn({ email, password }))).token);
      const [laptop, phone] = [await signIn('rahasia-123'), await signIn('rahasia-123')];
      const change = (current_password: string, new_password: string) =>
        laptop.user.changePassword({ current_password, new_password });
      const ended = { status: 401, code: 'unauthorized' as const, message: server.tokenInvalid };
      const checks = [
        await check('a wrong current password', change('salah-123', 'baru-rahasia-9'), {
          status: 400,
          code: 'validation',
          message: server.currentPasswordWrong,
          issues: [{ path: 'current_password', message: server.issueWrongPassword }],
        }),
        await check('a new password without a digit', change('rahasia-123', 'hanyahuruf'), {
          status: 400,
          code: 'validation',
          issues: [{ path: 'new_password' }],
        }),
        await check('the same password again', change('rahasia-123', 'rahasia-123'), {
          status: 400,
          issues: [{ path: 'new_password' }],
        }),
      ];
      const changed = await outcomeOf(change('rahasia-123', 'baru-rahasia-9'));
      checks.push({
        what: 'the change',
        actual: changed,
        expected: { status: 200, message: server.passwordChanged, data: { id: person.id, email } },
      });
      const renewed = withToken((changed.data as { token: string }).token);
      checks.push(
        await check('the other session', phone.user.me(), ended),
        await check("the changing session's old token", laptop.user.me(), ended),
        await check('the token the change answered', renewed.user.me(), {
          status: 200,
          data: { id: person.id },
        }),
        await check('the old password', visitor.user.signIn({ email, password: 'rahasia-123' }), {
          status: 401,
          message: server.signInFailed,
        }),
        await check(
          'a user setting a password',
          user.user.setPassword(person.id, { password: 'diatur-admin-7' }),
          { status: 403, code: 'forbidden' },
        ),
        await check(
          "an admin's reset",
          admin.user.setPassword(person.id, { password: 'diatur-admin-7' }),
          { status: 200, message: server.passwordSet, data: { id: person.id, email } },
        ),
        await check('the session after the reset', renewed.user.me(), ended),
        await check(
          'the password the admin set',
          visitor.user.signIn({ email, password: 'diatur-admin-7' }),
          { status: 200 },
        ),
        await check(
          'a reset for nobody',
          admin.user.setPassword('00000000-0000-4000-8000-000000000000', {
            password: 'diatur-admin-7',
          }),
          { status: 404, message: server.notFound(server.records.user) },
        ),
      );
      return checks;
    },
  },
  {
    name: 'an email is registered once, whatever its case',
    async run({ admin }, tag) {
      const email = `budi.${tag.toLowerCase()}@ranwal.local`;
      const first = await made(
        admin.user.create({ name: `Budi ${tag}`, email, role: 'user', password: 'rahasia-123' }),
      );
      const taken = {
        status: 409,
        code: 'conflict' as const,
        message: server.duplicateEmail,
        issues: [{ path: 'email', message: server.issueEmailTaken }],
      };
      const upper = email.toUpperCase();
      return [
        await check(
          'create',
          admin.user.create({ name: 'Lain', email: upper, role: 'user', password: 'rahasia-123' }),
          taken,
        ),
        await check('search', admin.user.list({ search: `budi ${tag}` }), {
          data: [{ id: first.id, email }],
        }),
        await check(
          'rename',
          admin.user.update(first.id, { name: `Budi S ${tag}`, email, role: 'user' }),
          { status: 200, message: server.updated, data: { name: `Budi S ${tag}` } },
        ),
      ];
    },
  },
  {
    name: 'an admin neither deletes themselves nor leaves the system without an admin',
    async run({ admin }) {
      const me = await made(admin.user.me());
      return [
        await check('delete self', admin.user.delete(me.id), {
          status: 409,
          code: 'conflict',
          message: server.cannotDeleteSelf,
        }),
        await check(
          'the only admin becomes a user',
          admin.user.update(me.id, { ...me, role: 'user' }),
          {
            status: 409,
            code: 'conflict',
            message: server.lastAdminDemote,
            issues: [{ path: 'role', message: server.issueMustStayAdmin }],
          },
        ),
      ];
    },
  },
  {
    name: 'articles get a slug from the title, cut at a word, and a free one when taken',
    async run({ admin }, tag) {
      const words =
        'Musyawarah perencanaan pembangunan daerah kabupaten tahun anggaran dua ribu dua puluh enam';
      const title = `${tag} ${words}`;
      const article = (status: 'published' | 'draft' = 'published') => ({
        title,
        content: `<p>${'Kata '.repeat(60)}<strong>akhir</strong></p>`,
        category: 'Kegiatan Rutin' as const,
        status,
      });
      const first = await outcomeOf(admin.article.create(article()));
      const slug = (first.data as { slug: string }).slug;
      return [
        {
          what: 'first',
          actual: first,
          expected: {
            status: 201,
            data: {
              slug: `${tag}-musyawarah-perencanaan-pembangunan-daerah-kabupaten-tahun-anggaran-dua-ribu`,
              excerpt: `${'Kata '.repeat(39)}Kata…`,
              views_count: 0,
            },
          },
        },
        await check('same title', admin.article.create(article('draft')), {
          status: 201,
          data: { slug: `${slug}-2` },
        }),
      ];
    },
  },
  {
    name: 'visitors read published articles only, and each read counts a view',
    async run({ admin, visitor }, tag) {
      const write = (title: string, status: 'published' | 'draft') =>
        made(
          admin.article.create({
            title,
            content: '<p>Isi</p>',
            category: 'Usulan Reses DPRD',
            status,
            tags: ['apbd'],
          }),
        );
      const published = await write(`Terbit ${tag}`, 'published');
      const draft = await write(`Draf ${tag}`, 'draft');
      await made(visitor.article.get(published.slug));
      return [
        await check('a draft', visitor.article.get(draft.slug), {
          status: 404,
          message: server.notFound(server.records.article),
        }),
        await check('the second read', visitor.article.get(published.slug), {
          data: { views_count: 2, category: 'Usulan Reses DPRD', tags: ['apbd'] },
        }),
        await check('an admin read', admin.article.get(published.slug), {
          data: { views_count: 2 },
        }),
        await check('visitor list', visitor.article.list({ search: tag }), {
          data: [{ id: published.id }],
          filter: { current_page: 1, total_page: 1, filtered_result: 1 },
        }),
        await check('admin list, drafts too, newest first', admin.article.list({ search: tag }), {
          data: [{ id: draft.id }, { id: published.id }],
        }),
        await check('category', admin.article.list({ search: tag, category: 'Kegiatan Rutin' }), {
          data: [],
        }),
      ];
    },
  },
  {
    name: 'uploads take images from admins only',
    async run({ admin, visitor }) {
      const png = new Blob([PNG_1X1], { type: 'image/png' });
      const text = new Blob(['bukan gambar'], { type: 'text/plain' });
      return [
        await check('a PNG', admin.upload.file(png, 'titik.png'), {
          status: 200,
          message: server.ok,
        }),
        await check('text', admin.upload.file(text, 'catatan.txt'), {
          status: 415,
          code: 'unsupported_media_type',
          message: server.unsupportedImage,
        }),
        await check('a visitor', visitor.upload.file(png, 'titik.png'), {
          status: 401,
          message: server.tokenInvalid,
        }),
      ];
    },
  },
  {
    name: "the year's report is a link to a named workbook",
    async run({ user }) {
      return [
        await check('report', user.budgetLine.report({ year: 2025 }), {
          status: 200,
          data: { originalName: reportFileName(2025) },
        }),
      ];
    },
  },
  {
    name: "a verifier's note on a unit's line: the unit answers, and the sub kegiatan is verified once the note is closed",
    async run({ admin, visitor, withToken }, tag) {
      const unit = await made(admin.agency.create({ name: `Dinas ${tag}` }));
      const c = await chain(admin, tag);
      await made(
        admin.program.update(c.program.id, {
          name: c.program.name,
          is_taxed: false,
          agency_id: unit.id,
        }),
      );
      const person = async (name: string, role: 'user' | 'verifier') => {
        const email = `${name}.${tag.toLowerCase()}@ranwal.local`;
        await made(
          admin.user.create({ name, email, role, password: 'rahasia-123', agency_ids: [unit.id] }),
        );
        return withToken(
          (await made(visitor.user.signIn({ email, password: 'rahasia-123' }))).token,
        );
      };
      const staff = await person('Staf', 'user');
      const verifier = await person('Vera', 'verifier');
      const year = currentYear();
      const written = await made(staff.budgetLine.create(line(c, { year })));
      const place = { sub_action_id: c.sub_action.id, year };
      const note = await made(
        verifier.verification.create({ line_id: written.id, body: 'Mohon rincian harga.' }),
      );
      return [
        await check('a verifier writes no line', verifier.budgetLine.create(line(c, { year })), {
          status: 403,
          code: 'forbidden',
          message: server.verifierReadOnly,
        }),
        await check('the unit reads the note', staff.verification.notes({ line_id: written.id }), {
          status: 200,
          data: [{ id: note.id, status: 'open', line_name: 'Kertas HVS A4', author_name: 'Vera' }],
        }),
        await check(
          'verified while open',
          verifier.verification.verify({ ...place, verified: true }),
          {
            status: 409,
            code: 'conflict',
            message: server.notesStillOpen(1),
          },
        ),
        await check(
          'the unit answers',
          staff.verification.reply(note.id, { body: 'Rincian terlampir.' }),
          { status: 200, data: { status: 'answered' } },
        ),
        await check('the unit closes', staff.verification.close(note.id, { closed: true }), {
          status: 403,
          code: 'forbidden',
        }),
        await check('the verifier closes', verifier.verification.close(note.id, { closed: true }), {
          status: 200,
          data: { status: 'closed', closed_by_name: 'Vera' },
        }),
        await check('verified', verifier.verification.verify({ ...place, verified: true }), {
          status: 200,
          data: { open_notes: 0, closed_notes: 1, line_count: 1, verified_by_name: 'Vera' },
        }),
        // Told of the note, its closing and the verification.
        await check('the unit is told', staff.notification.count(), {
          status: 200,
          data: { unread: 3 },
        }),
        // An edit that changes nothing keeps the mark; a change to the figures takes it away.
        await check(
          'an edit that changes nothing',
          staff.budgetLine.update(written.id, line(c, { year })),
          { status: 200 },
        ),
        await check('still verified', verifier.verification.subActions({ year }), {
          status: 200,
          data: [{ sub_action_id: c.sub_action.id, verified_by_name: 'Vera' }],
        }),
        await check(
          'the figures change',
          staff.budgetLine.update(written.id, line(c, { year, price: 60_000 })),
          { status: 200 },
        ),
        await check('no longer verified', verifier.verification.subActions({ year }), {
          status: 200,
          data: [{ sub_action_id: c.sub_action.id, verified_at: null, verified_by_name: null }],
        }),
        // The verifier is told the mark was taken away, and by whom.
        await check('the verifier is told', verifier.notification.list({ unread: 'true' }), {
          status: 200,
          data: [
            {
              kind: 'verification_withdrawn',
              sub_action_id: c.sub_action.id,
              year,
              actor_name: 'Staf',
            },
            { kind: 'note_answered', actor_name: 'Staf' },
          ],
        }),
      ];
    },
  },
  {
    name: "a person of a Perangkat Daerah reaches the unit's lines, whoever made them, and writes only under its programmes",
    async run({ admin, visitor, withToken }, tag) {
      const unitOf = async (name: string) => {
        const unit = await made(admin.agency.create({ name: `${name} ${tag}` }));
        const c = await chain(admin, `${tag}${name.slice(0, 1).toLowerCase()}`);
        await made(
          admin.program.update(c.program.id, {
            name: c.program.name,
            is_taxed: false,
            agency_id: unit.id,
          }),
        );
        return { unit, c };
      };
      const mine = await unitOf('Dinas');
      const other = await unitOf('Badan');
      const person = async (name: string, unitId: string) => {
        const email = `${name}.${tag.toLowerCase()}@ranwal.local`;
        await made(
          admin.user.create({
            name,
            email,
            role: 'user',
            password: 'rahasia-123',
            agency_ids: [unitId],
          }),
        );
        return withToken(
          (await made(visitor.user.signIn({ email, password: 'rahasia-123' }))).token,
        );
      };
      const maker = await person('Staf', mine.unit.id);
      const colleague = await person('Rekan', mine.unit.id);
      const outsider = await person('Luar', other.unit.id);
      const written = await made(maker.budgetLine.create(line(mine.c)));
      return [
        await check("under another unit's programme", maker.budgetLine.create(line(other.c)), {
          status: 403,
          code: 'forbidden',
          issues: [{ path: 'program_id', message: server.programOutsideUnits }],
        }),
        await check(
          "an edit into another unit's programme",
          maker.budgetLine.update(written.id, line(other.c)),
          {
            status: 403,
            code: 'forbidden',
            issues: [{ path: 'program_id', message: server.programOutsideUnits }],
          },
        ),
        await check('a colleague of the unit reads it', colleague.budgetLine.get(written.id), {
          status: 200,
          data: { id: written.id, agency_id: mine.unit.id },
        }),
        await check(
          'a colleague of the unit edits it',
          colleague.budgetLine.update(written.id, line(mine.c, { specification: '70 gram' })),
          { status: 200, data: { specification: '70 gram' } },
        ),
        await check('another unit does not see it', outsider.budgetLine.get(written.id), {
          status: 404,
          code: 'not_found',
        }),
      ];
    },
  },
  {
    name: 'the budget years offer a year with lines, the current and the next, to anyone signed in',
    async run({ admin, user, visitor }, tag) {
      const c = await chain(admin, tag);
      // A year no other scenario uses: its line puts it among the years.
      const year = 2097;
      await made(user.budgetLine.create(line(c, { year })));
      const answer = await outcomeOf(user.planning.years());
      const offered = (answer.data as { years?: number[] } | undefined)?.years ?? [];
      const thisYear = currentYear();
      return [
        {
          what: "the user's years",
          actual: {
            ...answer,
            data: { offered: [year, thisYear, thisYear + 1].map((y) => offered.includes(y)) },
          },
          expected: { status: 200, data: { offered: [true, true, true] } },
        },
        await check('a visitor', visitor.planning.years(), {
          status: 401,
          code: 'unauthorized',
          message: server.tokenInvalid,
        }),
      ];
    },
  },
  {
    name: "an output indicator's target is read as people type it, and refused naming why when it has no single reading",
    async run({ admin }, tag) {
      const c = await chain(admin, tag);
      const fields = { sub_action_id: c.sub_action.id, year: 2025, unit: 'Dokumen' };
      const problem = messagesId.numberInput.commaGrouping;
      return [
        await check(
          'a decimal comma',
          admin.indicator.create({ ...fields, description: `Dokumen ${tag}`, target: '1,5' }),
          { status: 201, data: { description: `Dokumen ${tag}`, target: 1.5, cumulative: 0 } },
        ),
        await check(
          'English grouping',
          admin.indicator.create({ ...fields, description: `Lain ${tag}`, target: '2,500,000' }),
          {
            status: 400,
            code: 'validation',
            message: server.validation('target', problem),
            issues: [{ path: 'target', message: problem }],
          },
        ),
      ];
    },
  },
];

/** A 1×1 transparent PNG. */
const PNG_1X1 = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);
