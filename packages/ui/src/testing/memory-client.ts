import {
  type ApiError,
  articleSlug,
  BASE_PATH,
  type BudgetLine,
  type BudgetLineFilterQuery,
  type BudgetLineSort,
  budgetLineSearchFields,
  budgetLineSortOrders,
  catalogueIssues,
  chainIssues,
  createClient,
  currentYear,
  dependentsConflict,
  excerptOfText,
  fieldRefusal,
  freeSlugOf,
  httpError,
  isLineReference,
  issuesRefusal,
  isUploadImageType,
  type LineReferenceKey,
  lineReferenceKeys,
  lineWriteRefusal,
  type ManagedEntityKey,
  managedEntities,
  managedEntityKeys,
  messagesId,
  type NotificationKind,
  type PaguLevelStatus,
  type PaguRow,
  type PaguSummaryRow,
  PDF_CONTENT_TYPE,
  type PlanningSettings,
  paguRefusal,
  pricedLine,
  type RanwalClient,
  refusals,
  reportFileName,
  reportSheetColumns,
  type Signer,
  type SubActionLock,
  type SubActionReview,
  sumRupiahText,
  taxRuleForYear,
  UPLOAD_MAX_BYTES,
  type User,
  type VerificationNote,
  withStoredValues,
} from '@ranwal/core';
import {
  compareLevelRows,
  containsText,
  deleteRow,
  newestFirst,
  pageOf,
  type RouteHandler,
  type RouteHandlers,
  type RouteName,
  routeTableFetch,
  rowOf,
} from '@ranwal/core/contract';
import {
  demoHtmlText,
  demoSeed,
  type MemoryPlanning,
  type MemorySeed,
  type MemoryUser,
  type Row,
  type StoredLine,
  type StoredPagu,
} from './memory-seed.js';
import { xlsxBlob } from './xlsx.js';

export * from './memory-seed.js';
export { httpError };

/**
 * An in-memory Ranwal API: what Storybook's screen stories and embedding demos run on. It is
 * the SDK's own `createClient` over core's `routeTableFetch` (routes, tokens, access and schemas
 * read as the server reads them) with handlers for the rules, and is held to the server by
 * core's contract scenarios (memory-client.test.ts here, apps/server/test/contract-scenarios
 * .test.ts there). Rules and refusals both need (totals, the chain, slugs, excerpts, messages)
 * are core's. What no scenario and no story needs (the bulk import) it does not do: that
 * route answers 404.
 */

/** `group.name` of every call, e.g. `program.list`, plus `fetchFile`. */
export type MemoryCallName = RouteName | 'fetchFile';

export interface MemoryClientOptions {
  /** The tables to start from (copied); `demoSeed` by default. */
  seed?: MemorySeed;
  /** Delay before every answer, so Loading states can be seen; 0 by default. */
  latencyMs?: number;
  /** Calls that fail: with this ApiError (see `httpError`), or as a network failure; read per call. */
  failOn?: Partial<Record<MemoryCallName, ApiError | 'network'>>;
  /** Who calls; the seed's first admin by default, null for a signed-out visitor. */
  currentUser?: User | null;
  /** Another memory client whose tables this one shares (several callers on one store). */
  sharedWith?: RanwalClient;
  /** The bearer token to send instead of `currentUser`'s (a session signed in through the client). */
  token?: string;
}

/** A level's call as its handlers read it: the level table's fields, and the list's query. */
type LevelHandler = RouteHandler<
  Row,
  { page: number; limit: number; search?: string; uuid?: string }
>;
type Store = MemorySeed & {
  files: Map<string, Blob>;
  /** Verification (issue 19): the notes, and which sub kegiatan of which year are verified. */
  notes?: VerificationNote[];
  verified?: { sub_action_id: string; year: number; at: string; by: string }[];
};
type LineHandler = NonNullable<NonNullable<RouteHandlers['budgetLine']>['create']>;

const server = messagesId.server;
/** The memory client's bearer tokens are this and the user's id. */
const TOKEN_PREFIX = 'memory-token-';
/** Where its API, uploads and reports claim to live (`.invalid` never resolves). */
export const MEMORY_UPLOAD_ORIGIN = 'http://uploads.memory.invalid';
const stores = new WeakMap<RanwalClient, Store>();
const collator = new Intl.Collator('id');
const uuid = () => crypto.randomUUID();
const now = () => new Date().toISOString();
const toUser = ({ id, name, email, role, agency_ids }: User): User => ({
  id,
  name,
  email,
  role,
  agency_ids: [...(agency_ids ?? [])],
});
/** A password change moves `sessions` on, which ends every token signed before it. */
const tokenOf = (user: User & Pick<MemoryUser, 'sessions'>) =>
  `${TOKEN_PREFIX}${user.id}.${user.sessions ?? 0}`;

export function createMemoryClient(options: MemoryClientOptions = {}): RanwalClient {
  const db: Store = (options.sharedWith && stores.get(options.sharedWith)) ?? {
    ...structuredClone(options.seed ?? demoSeed),
    files: new Map(),
  };
  const firstAdmin = db.users.find((user) => user.role === 'admin');
  const currentUser =
    options.currentUser !== undefined ? options.currentUser : (firstAdmin ?? null);
  const table = (key: ManagedEntityKey) => db.entities[key] as Row[];
  const parentOf = (key: ManagedEntityKey, row: Row | undefined) => {
    const field = managedEntities[key].parentField;
    return field ? (row?.[field] as string) : null;
  };

  // --- Agencies, the six levels and supporters, one implementation from the level table -------
  const named = (key: ManagedEntityKey, row: Row): Row => {
    const parent = managedEntities[key].parent;
    if (!parent) return row;
    const parentRow = table(parent).find((candidate) => candidate.id === parentOf(key, row));
    return { ...row, [`${parent}_name`]: parentRow?.name ?? null };
  };
  // Lines name every level and their supporter, but not an agency.
  const linesUsing = (key: ManagedEntityKey, id: unknown) =>
    isLineReference(key) ? db.lines.filter((line) => line[`${key}_id`] === id).length : 0;

  const levelHandlers = (key: ManagedEntityKey): Record<string, LevelHandler> => {
    const { parent, parentField, parentOptional, child, hasCode, hasTaxFlag } =
      managedEntities[key];
    const label = messagesId.levels[key].label;
    const writable = (body: Row, id: string): Row => {
      const parentId = parentOf(key, body) ?? null;
      const none = parentOptional && parentId === null;
      if (parent && !none && !table(parent).some((row) => row.id === parentId)) {
        throw refusals.parentMissing(key);
      }
      const sameCode = (row: Row) =>
        row.id !== id && parentOf(key, row) === parentOf(key, body) && row.code === body.code;
      if (hasCode && body.code != null && table(key).some(sameCode)) {
        throw refusals.codeTaken(String(body.code));
      }
      return {
        id,
        name: body.name,
        ...(hasCode ? { code: body.code ?? null } : {}),
        ...(hasTaxFlag ? { is_taxed: body.is_taxed } : {}),
        ...(parentField ? { [parentField]: parentId } : {}),
      };
    };
    return {
      list: ({ query }) => {
        const inScope = table(key).filter(
          (row) => !query.uuid || parentOf(key, row) === query.uuid,
        );
        const matching = inScope
          .filter((row) => containsText(query.search, row.name, hasCode && row.code))
          .sort(compareLevelRows(key));
        return pageOf(
          matching.map((row) => named(key, row)),
          query,
          inScope.length,
        );
      },
      create: ({ body }) => {
        const row = writable(body, uuid());
        table(key).push(row);
        return { message: server.created, data: named(key, row) };
      },
      update: ({ params, body }) => {
        const current = rowOf(table(key), params.id, label);
        const row = writable(withStoredValues(current, body), current.id);
        const lines = linesUsing(key, current.id);
        // Lines name a programme, not its agency: a programme moves to another agency freely.
        const moved =
          parent && isLineReference(parent) && parentOf(key, row) !== parentOf(key, current);
        if (moved && lines > 0) {
          throw refusals.movedUnderLines(key, lines);
        }
        return { message: server.updated, data: named(key, Object.assign(current, row)) };
      },
      delete: ({ params }) => {
        const current = rowOf(table(key), params.id, label);
        const children = child
          ? table(child).filter((row) => parentOf(child, row) === current.id)
          : [];
        const conflict = dependentsConflict(key, current.name, {
          children: children.length,
          lines: linesUsing(key, current.id),
        });
        if (conflict) throw httpError('conflict', conflict);
        return deleteRow(table(key), current);
      },
    };
  };

  // --- Budget lines --------------------------------------------------------------------------
  const asLine = ({ updated_by, ...line }: StoredLine): BudgetLine => {
    const nameOf = (key: LineReferenceKey) =>
      table(key).find((row) => row.id === line[`${key}_id`]);
    const names = Object.fromEntries(
      lineReferenceKeys.map((key) => [`${key}_name`, nameOf(key)?.name ?? null]),
    );
    const agency_id = (nameOf('program')?.agency_id as string | null | undefined) ?? null;
    const agency_name = table('agency').find((row) => row.id === agency_id)?.name ?? null;
    const person = (id: string | null) => db.users.find((u) => u.id === id)?.name ?? null;
    const people = {
      created_by_name: person(line.created_by),
      updated_by_name: person(updated_by),
    };
    const code = nameOf('account')?.code ?? null;
    return {
      ...line,
      ...names,
      agency_id,
      agency_name,
      ...people,
      account_code: code,
    } as BudgetLine;
  };
  type LineQuery = BudgetLineFilterQuery & { sort?: BudgetLineSort };
  /**
   * The server's lineScopeOf: an admin everyone's, a person with units their units' lines, a
   * verifier without units none, a user without units their own.
   */
  const unitsOf = (user: User): readonly string[] | null =>
    user.role === 'admin' || (user.role === 'user' && (user.agency_ids ?? []).length === 0)
      ? null
      : (user.agency_ids ?? []);
  /** A user's own lines (or their units'), an admin's everyone's (or one user's), as the query narrows them. */
  const linesOf = (user: User, { sort = 'newest', ...query }: LineQuery) => {
    const units = unitsOf(user);
    const createdBy = user.role === 'admin' || units ? query.created_by : user.id;
    const order = (a: BudgetLine, b: BudgetLine) => {
      for (const [field, direction] of budgetLineSortOrders[sort]) {
        const [x, y] = direction === 'asc' ? [a[field], b[field]] : [b[field], a[field]];
        const compared =
          typeof x === 'number' ? x - (y as number) : String(x).localeCompare(String(y));
        if (compared !== 0) return compared;
      }
      return 0;
    };
    return db.lines
      .filter((line) => !createdBy || line.created_by === createdBy)
      .map(asLine)
      .filter(
        (line) =>
          (!units || (line.agency_id !== null && units.includes(line.agency_id))) &&
          (!query.sub_action_id || line.sub_action_id === query.sub_action_id) &&
          (query.year === undefined || line.year === query.year) &&
          (!query.agency_id || line.agency_id === query.agency_id) &&
          (!query.program_id || line.program_id === query.program_id) &&
          (!query.supporter_id || line.supporter_id === query.supporter_id) &&
          containsText(query.search, ...budgetLineSearchFields.map((field) => line[field])),
      )
      .sort(order);
  };
  /**
   * The stored fields of a line as given, as the server keeps them: its chain checked, its
   * component taken from its catalogue item (core's catalogueIssues) or free-form where allowed,
   * priced with its year's PPN rule, and within the pagu of its sub kegiatan and Perangkat Daerah.
   */
  const lineFields = (body: Parameters<LineHandler>[0]['body'], lineId?: string) => {
    const issues = chainIssues(body, (key, id) =>
      parentOf(
        key,
        table(key).find((row) => row.id === id),
      ),
    );
    if (issues.length > 0) throw issuesRefusal(issues);
    const { is_taxed, tax, total_price, total_after_tax, ...fields } = body;
    let component = {};
    if (body.price_item_id) {
      const item = db.planning?.priceItems?.find((row) => row.id === body.price_item_id);
      const account = table('account').find((row) => row.id === body.account_id);
      const itemIssues = item
        ? catalogueIssues(item, body, (account?.code as string | undefined) ?? null)
        : [{ path: 'price_item_id', message: server.recordNotFound(server.records.priceItem) }];
      if (itemIssues.length > 0 || !item) throw issuesRefusal(itemIssues);
      const { code, name, specification, unit } = item;
      component = { component_code: code, component_name: name, specification, unit };
    } else if (!settings().free_form_components) {
      throw issuesRefusal([{ path: 'price_item_id', message: server.freeFormRefused }]);
    }
    const line = { ...fields, ...component };
    const priced = pricedLine(
      { ...body, ...component },
      taxRuleForYear(settings().tax_rules, body.year),
    );
    assertWithinPagu({ ...body, total_after_tax: priced.total_after_tax }, lineId);
    return { ...line, ...priced, price_item_id: body.price_item_id ?? null };
  };
  /** Refuses a line that takes a ceiling over (core's paguRefusal), the server's order: agency first. */
  const assertWithinPagu = (
    line: Pick<StoredLine, 'year' | 'program_id' | 'sub_action_id' | 'total_after_tax'>,
    lineId: string | undefined,
  ) => {
    const check = (what: string, pagu: number, inScope: (stored: StoredLine) => boolean) => {
      const scope = db.lines.filter((stored) => stored.year === line.year && inScope(stored));
      const sum = (rows: StoredLine[]) =>
        BigInt(sumRupiahText(rows.map((row) => row.total_after_tax)));
      const others = sum(scope.filter((stored) => stored.id !== lineId));
      const refusal = paguRefusal(
        what,
        BigInt(pagu),
        sum(scope),
        others + BigInt(line.total_after_tax),
      );
      if (refusal) throw refusal;
    };
    const program = table('program').find((row) => row.id === line.program_id);
    const agency = table('agency').find((row) => row.id === program?.agency_id);
    const agencyPagu = db.planning?.agencyPagu?.find(
      (row) => row.agency_id === agency?.id && row.year === line.year,
    );
    if (agency && agencyPagu) {
      const programs = new Set(
        table('program')
          .filter((row) => row.agency_id === agency.id)
          .map((row) => row.id),
      );
      check(`${messagesId.levels.agency.label} ${agency.name}`, agencyPagu.amount, (stored) =>
        programs.has(stored.program_id),
      );
    }
    const subAction = table('sub_action').find((row) => row.id === line.sub_action_id);
    const pagu = db.planning?.pagu?.find(
      (row) => row.sub_action_id === line.sub_action_id && row.year === line.year,
    );
    if (subAction && pagu && !pagu.allow_overrun) {
      check(
        `${messagesId.levels.sub_action.label} ${subAction.name}`,
        pagu.amount,
        (stored) => stored.sub_action_id === line.sub_action_id,
      );
    }
  };
  /** A line the caller may write: verifiers write none (the server's 403). */
  const ownLine = (caller: User, id: string | undefined) => {
    if (caller.role === 'verifier') throw refusals.verifierReadOnly();
    const mine = new Set(linesOf(caller, {}).map((line) => line.id));
    return rowOf(
      db.lines.filter((line) => mine.has(line.id)),
      id,
      server.records.line,
    );
  };
  const sums = (lines: BudgetLine[]) => ({
    line_count: lines.length,
    total_price: sumRupiahText(lines.map((line) => line.total_price)),
    tax: sumRupiahText(lines.map((line) => line.tax)),
    total_after_tax: sumRupiahText(lines.map((line) => line.total_after_tax)),
  });

  const assertMayWrite = (caller: User, programId: string) => {
    const program = table('program').find((row) => row.id === programId);
    const refusal = lineWriteRefusal(caller, program?.agency_id as string | null | undefined);
    if (refusal) throw refusal;
  };
  const budgetLine: RouteHandlers['budgetLine'] = {
    list: ({ query, caller }) => pageOf(linesOf(caller, query), query, linesOf(caller, {}).length),
    get: ({ params, caller }) => ({
      data: rowOf(linesOf(caller, {}), params.id, server.records.line),
    }),
    create: ({ body, caller }) => {
      assertMayWrite(caller, body.program_id);
      const line: StoredLine = {
        ...lineFields(body),
        id: uuid(),
        created_by: caller.id,
        created_at: now(),
        updated_at: null,
        updated_by: null,
      };
      db.lines.push(line);
      linesChanged(caller, line);
      return { message: server.created, data: asLine(line) };
    },
    update: ({ params, body, caller }) => {
      assertMayWrite(caller, body.program_id);
      const line = ownLine(caller, params.id);
      const before = { ...line };
      const fields = lineFields(body, line.id);
      Object.assign(line, fields, { updated_at: now(), updated_by: caller.id });
      // An edit that changes nothing keeps the verification (migration 0020's rule).
      const changed = Object.entries(fields).some(
        ([field, value]) =>
          JSON.stringify(before[field as keyof StoredLine]) !== JSON.stringify(value),
      );
      if (changed) linesChanged(caller, before, line);
      return { message: server.updated, data: asLine(line) };
    },
    delete: ({ params, caller }) => {
      const line = ownLine(caller, params.id);
      linesChanged(caller, line);
      return deleteRow(db.lines, line);
    },
    report: ({ query, caller }) => {
      const rows = linesOf(caller, query).map((line, index) =>
        reportSheetColumns.map((column) => column.value(line, index + 1) ?? ''),
      );
      const sheet = xlsxBlob(
        [reportSheetColumns.map((column) => column.header), ...rows],
        `Laporan ${query.year}`,
      );
      // The RKA's grouping is the server's: here it is the same lines, under the RKA's name.
      const { layout = 'flat', format = 'xlsx' } = query;
      const file =
        format === 'pdf' ? new Blob(['%PDF-1.4\n%%EOF\n'], { type: PDF_CONTENT_TYPE }) : sheet;
      const path = `${MEMORY_UPLOAD_ORIGIN}${BASE_PATH}/api/reports/${uuid()}.${format}`;
      db.files.set(path, file);
      return { data: { path, originalName: reportFileName(query.year ?? 0, layout, format) } };
    },
    summary: ({ query, caller }) => {
      const years = [...new Set(db.lines.map((line) => line.year))].sort((a, b) => a - b);
      const year = query.year ?? currentYear();
      const lines = linesOf(caller, { year });
      const programs = [...new Set(lines.map((line) => line.program_id))].map((program_id) => {
        const own = lines.filter((line) => line.program_id === program_id);
        return { program_id, program_name: own[0]?.program_name ?? '', ...sums(own) };
      });
      programs.sort(
        (a, b) =>
          Number(BigInt(b.total_after_tax) - BigInt(a.total_after_tax)) ||
          collator.compare(a.program_name, b.program_name),
      );
      return { data: { year, ...sums(lines), programs, years } };
    },
  };

  // --- Planning within a ceiling: settings, the chain's pagu, the price catalogue --------------
  const settings = (): PlanningSettings =>
    db.planning?.settings ?? { tax_rules: [], free_form_components: true };
  /** The admin's planning pages also keep signatories and each overrun's reason. */
  type PlanningStore = MemoryPlanning & { signers?: Signer[]; locks?: SubActionLock[] };
  type PaguEntry = StoredPagu & { overrun_reason?: string };
  const planningStore = (): PlanningStore => {
    db.planning ??= {};
    return db.planning;
  };
  const planning: RouteHandlers['planning'] = {
    settings: () => ({ data: settings() }),
    taxRules: ({ body }) => {
      const tax_rules = [...body.rules].sort((a, b) =>
        a.effective_from.localeCompare(b.effective_from),
      );
      planningStore().settings = { ...settings(), tax_rules };
      return { data: settings() };
    },
    signers: () => ({ data: planningStore().signers ?? [] }),
    setSigner: ({ body }) => {
      if (body.agency_id && !table('agency').some((row) => row.id === body.agency_id)) {
        throw issuesRefusal([
          { path: 'agency_id', message: server.recordNotFound(messagesId.levels.agency.label) },
        ]);
      }
      const signer: Signer = { ...body, nip: body.nip.replaceAll(' ', ''), updated_at: now() };
      const store = planningStore();
      store.signers = [
        ...(store.signers ?? []).filter((row) => row.agency_id !== body.agency_id),
        signer,
      ];
      return { data: signer };
    },
  };

  /** Pagu, planned (after PPN) and remaining of one level, as `pagu.status` answers it. */
  const paguLevel = (
    level: PaguLevelStatus['level'],
    row: Row,
    pagu: string | null,
    lines: readonly StoredLine[],
    allowOverrun = false,
  ): PaguLevelStatus => {
    const planned = sumRupiahText(lines.map((line) => line.total_after_tax));
    return {
      level,
      id: row.id,
      code: (row.code as string | null | undefined) ?? null,
      name: row.name,
      pagu,
      planned,
      remaining: pagu === null ? null : (BigInt(pagu) - BigInt(planned)).toString(),
      allow_overrun: allowOverrun,
    };
  };
  const subActionOf = (id: string): Row => {
    const found = table('sub_action').find((row) => row.id === id);
    if (!found) {
      throw issuesRefusal([
        {
          path: 'sub_action_id',
          message: server.recordNotFound(messagesId.levels.sub_action.label),
        },
      ]);
    }
    return found;
  };
  const remainingOf = (pagu: string | null, planned: string) =>
    pagu === null ? null : (BigInt(pagu) - BigInt(planned)).toString();
  const plannedOf = (year: number, keep: (line: StoredLine) => boolean) =>
    sumRupiahText(
      db.lines
        .filter((line) => line.year === year && keep(line))
        .map((line) => line.total_after_tax),
    );
  const paguOf = (year: number) =>
    ((db.planning?.pagu ?? []) as PaguEntry[]).filter((row) => row.year === year);
  const agencyCodeFirst = (a: Row | undefined, b: Row | undefined) => {
    const [x, y] = [a?.code ?? null, b?.code ?? null];
    return x === y ? 0 : x === null ? -1 : y === null ? 1 : collator.compare(String(x), String(y));
  };
  /** Every sub kegiatan's pagu and plan for a year, with its chain, in the server's order. */
  const paguRowsOf = (year: number) => {
    const setPagu = paguOf(year);
    return table('sub_action')
      .map((subAction) => {
        const action = table('action').find((row) => row.id === subAction.action_id) as Row;
        const program = table('program').find((row) => row.id === action.program_id) as Row;
        const agency = table('agency').find((row) => row.id === program.agency_id);
        const own = setPagu.find((row) => row.sub_action_id === subAction.id);
        const pagu = own ? String(own.amount) : null;
        const planned = plannedOf(year, (line) => line.sub_action_id === subAction.id);
        const row: PaguRow = {
          sub_action_id: subAction.id,
          sub_action_code: (subAction.code as string | null | undefined) ?? null,
          sub_action_name: subAction.name,
          action_name: action.name,
          program_name: program.name,
          agency_id: agency?.id ?? null,
          agency_name: agency?.name ?? null,
          year,
          pagu,
          planned,
          remaining: remainingOf(pagu, planned),
          allow_overrun: own?.allow_overrun ?? false,
          overrun_reason: own?.overrun_reason ?? '',
        };
        return { row, agency, program, action, subAction };
      })
      .sort(
        (a, b) =>
          agencyCodeFirst(a.agency, b.agency) ||
          compareLevelRows('program')(a.program, b.program) ||
          compareLevelRows('action')(a.action, b.action) ||
          compareLevelRows('sub_action')(a.subAction, b.subAction),
      );
  };
  /** Per programme (with a pagu set below it or lines) and per Perangkat Daerah, for a year. */
  const paguSummaryOf = (year: number) => {
    const setPagu = paguOf(year);
    const byName = (a: PaguSummaryRow, b: PaguSummaryRow) =>
      Number(a.code === null) - Number(b.code === null) ||
      collator.compare(a.code ?? '', b.code ?? '') ||
      Number(a.name === null) - Number(b.name === null) ||
      collator.compare(a.name ?? '', b.name ?? '');
    const programs = table('program')
      .map((program) => {
        const actions = new Set(
          table('action')
            .filter((row) => row.program_id === program.id)
            .map((row) => row.id),
        );
        const amounts = setPagu.filter((row) =>
          actions.has(
            String(table('sub_action').find((s) => s.id === row.sub_action_id)?.action_id),
          ),
        );
        const hasLines = db.lines.some(
          (line) => line.year === year && line.program_id === program.id,
        );
        const pagu = amounts.length > 0 ? sumRupiahText(amounts.map((row) => row.amount)) : null;
        const planned = plannedOf(year, (line) => line.program_id === program.id);
        return {
          keep: pagu !== null || hasLines,
          id: program.id,
          agency_id: (program.agency_id as string | null | undefined) ?? null,
          code: (program.code as string | null | undefined) ?? null,
          name: program.name,
          pagu,
          planned,
          remaining: remainingOf(pagu, planned),
        };
      })
      .filter((program) => program.keep)
      .map(({ keep, ...program }) => program)
      .sort(byName);
    const ownPagu = (db.planning?.agencyPagu ?? []).filter((row) => row.year === year);
    const agencyIds = [
      ...new Set([...programs.map((p) => p.agency_id), ...ownPagu.map((row) => row.agency_id)]),
    ];
    const agencies = agencyIds
      .map((id): PaguSummaryRow => {
        const own = programs.filter((program) => program.agency_id === id);
        const set = own.filter((program) => program.pagu !== null);
        const agencyRow = table('agency').find((row) => row.id === id);
        const ownAmount = ownPagu.find((row) => row.agency_id === id);
        const pagu = ownAmount
          ? String(ownAmount.amount)
          : set.length > 0
            ? sumRupiahText(set.map((program) => program.pagu ?? '0'))
            : null;
        const planned = sumRupiahText(own.map((program) => program.planned));
        return {
          id,
          code: (agencyRow?.code as string | null | undefined) ?? null,
          name: agencyRow?.name ?? null,
          pagu,
          planned,
          remaining: remainingOf(pagu, planned),
        };
      })
      .sort(byName);
    return { year, agencies, programs };
  };

  const pagu: RouteHandlers['pagu'] = {
    status: ({ query }) => {
      const subAction = table('sub_action').find((row) => row.id === query.sub_action_id);
      if (!subAction) {
        throw issuesRefusal([
          {
            path: 'sub_action_id',
            message: server.recordNotFound(messagesId.levels.sub_action.label),
          },
        ]);
      }
      const action = table('action').find((row) => row.id === subAction.action_id) as Row;
      const program = table('program').find((row) => row.id === action.program_id) as Row;
      const agency = table('agency').find((row) => row.id === program.agency_id);
      const lines = db.lines.filter(
        (line) => line.year === query.year && line.id !== query.line_id,
      );
      const setPagu = (db.planning?.pagu ?? []).filter((row) => row.year === query.year);
      // A programme's and a kegiatan's pagu are the sum of the pagu set below them.
      const sumBelow = (inScope: (subActionId: string) => boolean) => {
        const amounts = setPagu.filter((row) => inScope(row.sub_action_id));
        return amounts.length > 0 ? sumRupiahText(amounts.map((row) => row.amount)) : null;
      };
      const actionOf = (subActionId: string) =>
        table('sub_action').find((row) => row.id === subActionId)?.action_id;
      const programOf = (actionId: unknown) =>
        table('action').find((row) => row.id === actionId)?.program_id;
      const own = setPagu.find((row) => row.sub_action_id === subAction.id);
      const agencyPagu = agency
        ? db.planning?.agencyPagu?.find(
            (row) => row.agency_id === agency.id && row.year === query.year,
          )
        : undefined;
      const programsOfAgency = new Set(
        table('program')
          .filter((row) => agency && row.agency_id === agency.id)
          .map((row) => row.id),
      );
      const levels = [
        ...(agency
          ? [
              paguLevel(
                'agency',
                agency,
                agencyPagu ? String(agencyPagu.amount) : null,
                lines.filter((line) => programsOfAgency.has(line.program_id)),
              ),
            ]
          : []),
        paguLevel(
          'program',
          program,
          sumBelow((id) => programOf(actionOf(id)) === program.id),
          lines.filter((line) => line.program_id === program.id),
        ),
        paguLevel(
          'action',
          action,
          sumBelow((id) => actionOf(id) === action.id),
          lines.filter((line) => line.action_id === action.id),
        ),
        paguLevel(
          'sub_action',
          subAction,
          own ? String(own.amount) : null,
          lines.filter((line) => line.sub_action_id === subAction.id),
          own?.allow_overrun ?? false,
        ),
      ];
      return { data: { year: query.year, levels } };
    },
    list: ({ query }) => {
      const inScope = paguRowsOf(query.year).filter(
        ({ program }) =>
          (!query.agency_id || program.agency_id === query.agency_id) &&
          (!query.program_id || program.id === query.program_id),
      );
      const matching = inScope.filter(({ row }) =>
        containsText(query.search, row.sub_action_name, row.sub_action_code),
      );
      return pageOf(
        matching.map(({ row }) => row),
        query,
        inScope.length,
      );
    },
    set: ({ body }) => {
      subActionOf(body.sub_action_id);
      const store = planningStore();
      const entry: PaguEntry = {
        ...body,
        overrun_reason: body.allow_overrun ? body.overrun_reason : '',
      };
      store.pagu = [
        ...(store.pagu ?? []).filter(
          (row) => row.sub_action_id !== body.sub_action_id || row.year !== body.year,
        ),
        entry,
      ];
      const set = paguRowsOf(body.year).find(({ row }) => row.sub_action_id === body.sub_action_id);
      return { data: set?.row };
    },
    setAgency: ({ body }) => {
      if (!table('agency').some((row) => row.id === body.agency_id)) {
        throw issuesRefusal([
          { path: 'agency_id', message: server.recordNotFound(messagesId.levels.agency.label) },
        ]);
      }
      const store = planningStore();
      store.agencyPagu = [
        ...(store.agencyPagu ?? []).filter(
          (row) => row.agency_id !== body.agency_id || row.year !== body.year,
        ),
        body,
      ];
      return { data: body };
    },
    summary: ({ query }) => ({ data: paguSummaryOf(query.year) }),
  };

  const priceItem: RouteHandlers['priceItem'] = {
    list: ({ query }) => {
      // An item with no kode rekening may be used under any.
      const inScope = (db.planning?.priceItems ?? []).filter(
        (item) =>
          item.year === query.year &&
          (!query.account_code ||
            item.account_codes.length === 0 ||
            item.account_codes.includes(query.account_code)) &&
          (!query.kind || item.kind === query.kind),
      );
      const matching = inScope
        .filter((item) =>
          containsText(query.search, `${item.code} ${item.name} ${item.specification}`),
        )
        .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
      return pageOf(matching, query, inScope.length);
    },
    import: ({ body }) => {
      // As the server: one item per (year, code), a code named twice taking its last row.
      const store = planningStore();
      const result = { dry_run: body.dry_run, created: 0, changed: 0, unchanged: 0 };
      const items = [...new Map(body.items.map((item) => [item.code, item])).values()];
      for (const fields of items) {
        const stored = store.priceItems?.find(
          (row) => row.year === body.year && row.code === fields.code,
        );
        const item = { ...fields, id: stored?.id ?? uuid(), year: body.year };
        const same = stored && JSON.stringify(stored) === JSON.stringify({ ...stored, ...item });
        result[!stored ? 'created' : same ? 'unchanged' : 'changed'] += 1;
        if (!body.dry_run && !same) {
          store.priceItems = [...(store.priceItems ?? []).filter((row) => row !== stored), item];
        }
      }
      return { data: result };
    },
    update: ({ params, body }) => {
      const item = (db.planning?.priceItems ?? []).find((row) => row.id === params.id);
      if (!item) throw refusals.notFound(server.records.priceItem);
      item.open = body.open;
      return { data: item };
    },
  };

  // Locks (kunci) as the server keeps them: one row per sub kegiatan and year, by name.
  const lock: RouteHandlers['lock'] = {
    list: ({ query }) => {
      const rows = (planningStore().locks ?? []).filter((row) => row.year === query.year);
      return pageOf(
        rows.sort((a, b) => collator.compare(a.sub_action_name, b.sub_action_name)),
        query,
      );
    },
    set: ({ body, caller }) => {
      const subAction = subActionOf(body.sub_action_id);
      const store = planningStore();
      const row: SubActionLock = {
        ...body,
        sub_action_name: subAction.name,
        changed_by_name: caller.name,
        changed_at: now(),
      };
      store.locks = [
        ...(store.locks ?? []).filter(
          (kept) => kept.sub_action_id !== body.sub_action_id || kept.year !== body.year,
        ),
        row,
      ];
      return { data: row };
    },
  };

  // --- Articles ------------------------------------------------------------------------------
  const visible = (user: User | null) =>
    db.articles.filter((article) => user?.role === 'admin' || article.status === 'published');
  const findArticle = (slug: string | undefined, user: User | null) =>
    rowOf(visible(user), visible(user).find((a) => a.slug === slug)?.id, server.records.article);
  type ArticleBody = Parameters<
    NonNullable<NonNullable<RouteHandlers['article']>['create']>
  >[0]['body'];
  const articleFields = (body: ArticleBody, exceptId?: string) => {
    const taken = new Set(db.articles.filter((a) => a.id !== exceptId).map((a) => a.slug));
    const { title, content, excerpt, cover_image, tags, status, category } = body;
    return {
      slug: freeSlugOf(articleSlug(title), taken),
      ...{ title, content, tags, status, category, cover_image: cover_image || null },
      excerpt: excerptOfText(demoHtmlText(excerpt || content)),
      updated_at: now(),
    };
  };

  const article: RouteHandlers['article'] = {
    list: ({ query, caller }) => {
      const matching = visible(caller).filter(
        (a) =>
          containsText(query.search, a.title) &&
          (!query.category || a.category === query.category) &&
          (!query.status || a.status === query.status),
      );
      return pageOf(matching.sort(newestFirst), query, visible(caller).length);
    },
    get: ({ params, caller }) => {
      const found = findArticle(params.slug, caller);
      // A visitor's or user's read counts a view; an admin's does not.
      if (caller?.role !== 'admin') found.views_count += 1;
      return { data: found };
    },
    create: ({ body, caller }) => {
      const fields = { ...articleFields(body), name: caller.name, created_at: now() };
      const created = { id: uuid(), ...fields, views_count: 0 };
      db.articles.push(created);
      return { message: server.created, data: created };
    },
    update: ({ params, body, caller }) => {
      const found = findArticle(params.slug, caller);
      // The slug follows the title only when the title changes.
      const fields = {
        ...articleFields(body, found.id),
        ...(found.title === body.title ? { slug: found.slug } : {}),
      };
      return { message: server.updated, data: Object.assign(found, fields) };
    },
    delete: ({ params, caller }) => deleteRow(db.articles, findArticle(params.slug, caller)),
  };

  // --- Users ---------------------------------------------------------------------------------
  const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const assertEmailFree = (email: string, exceptId?: string) => {
    if (db.users.some((u) => u.id !== exceptId && sameEmail(u.email, email))) {
      throw refusals.emailTaken();
    }
  };
  const newPassword = (found: MemoryUser, password: string) =>
    Object.assign(found, { password, sessions: (found.sessions ?? 0) + 1 });
  const lastAdmin = (user: User) =>
    user.role === 'admin' && db.users.filter((u) => u.role === 'admin').length <= 1;

  /** A person's units, each an existing Perangkat Daerah (the server's refusal otherwise). */
  const knownAgencies = (ids: readonly string[]) => {
    if (ids.some((id) => !table('agency').some((row) => row.id === id))) {
      throw fieldRefusal('validation', 'agency_ids', server.agencyUnknown);
    }
    return [...new Set(ids)].sort();
  };

  const user: RouteHandlers['user'] = {
    signIn: ({ body }) => {
      const found = db.users.find(
        (u) => sameEmail(u.email, body.email) && u.password === body.password,
      );
      if (!found) throw refusals.signInFailed();
      return { message: server.signInSuccess, data: { token: tokenOf(found), ...toUser(found) } };
    },
    changePassword: ({ body, caller }) => {
      const found = rowOf(db.users, caller.id, server.records.user);
      if (found.password !== body.current_password) throw refusals.currentPasswordWrong();
      newPassword(found, body.new_password);
      return { message: server.passwordChanged, data: { token: tokenOf(found), ...toUser(found) } };
    },
    setPassword: ({ params, body }) => {
      const found = rowOf(db.users, params.id, server.records.user);
      return { message: server.passwordSet, data: toUser(newPassword(found, body.password)) };
    },
    me: ({ caller }) => ({ data: caller }),
    list: ({ query }) => {
      const matching = db.users.filter((u) => containsText(query.search, u.name, u.email));
      const sorted = matching.sort((a, b) => collator.compare(a.name, b.name));
      return pageOf(sorted.map(toUser), query, db.users.length);
    },
    create: ({ body: { name, email, role, password, agency_ids = [] } }) => {
      assertEmailFree(email);
      const created = {
        id: uuid(),
        name,
        email,
        role,
        password,
        agency_ids: knownAgencies(agency_ids),
      };
      db.users.push(created);
      return { message: server.created, data: toUser(created) };
    },
    update: ({ params, body: { name, email, role, agency_ids } }) => {
      const found = rowOf(db.users, params.id, server.records.user);
      assertEmailFree(email, found.id);
      if (role !== 'admin' && lastAdmin(found)) throw refusals.lastAdminDemoted();
      // Left out, the person keeps their units.
      const units = agency_ids ? { agency_ids: knownAgencies(agency_ids) } : {};
      return {
        message: server.updated,
        data: toUser(Object.assign(found, { name, email, role }, units)),
      };
    },
    delete: ({ params, caller }) => {
      if (params.id === caller.id) throw refusals.selfDeleted();
      const found = rowOf(db.users, params.id, server.records.user);
      if (lastAdmin(found)) throw refusals.lastAdminDeleted();
      return deleteRow(db.users, found);
    },
  };

  // --- Notifications (issue 19): each person reads and marks only their own -------------------
  const notificationsOf = (caller: User) =>
    (db.notifications ?? []).filter((told) => told.user_id === caller.id);
  const unreadOf = (caller: User) => ({
    unread: notificationsOf(caller).filter((told) => !told.read).length,
  });
  const notification: RouteHandlers['notification'] = {
    list: ({ query, caller }) => {
      const mine = notificationsOf(caller);
      const matching = mine
        .filter((told) => query.unread === undefined || told.read !== query.unread)
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
      return pageOf(
        matching.map(({ user_id: _, ...told }) => told),
        query,
      );
    },
    count: ({ caller }) => ({ data: unreadOf(caller) }),
    read: ({ body, caller }) => {
      for (const told of notificationsOf(caller)) {
        if (!body.ids || body.ids.includes(told.id)) told.read = true;
      }
      return { data: unreadOf(caller) };
    },
  };

  // --- Verification (issue 19): notes on lines and sub kegiatan, and the verified marks --------
  const notesStore = () => {
    db.notes ??= [];
    return db.notes;
  };
  const verifiedStore = () => {
    db.verified ??= [];
    return db.verified;
  };
  /** A sub kegiatan's Perangkat Daerah, through its kegiatan's programme. */
  const placeOf = (subActionId: string) => {
    const subAction = table('sub_action').find((row) => row.id === subActionId);
    const action = table('action').find((row) => row.id === subAction?.action_id);
    const program = table('program').find((row) => row.id === action?.program_id);
    const agency = table('agency').find((row) => row.id === program?.agency_id);
    return { subAction, agency };
  };
  /** The server's noteScope: an admin all, people with units their units', a user their lines'. */
  const noteInScope = (caller: User, note: VerificationNote) => {
    const units = unitsOf(caller);
    if (units) {
      const agency = placeOf(note.sub_action_id).agency;
      return agency !== undefined && units.includes(agency.id);
    }
    if (caller.role === 'admin') return true;
    return db.lines.some(
      (line) =>
        line.created_by === caller.id &&
        (note.line_id
          ? line.id === note.line_id
          : line.sub_action_id === note.sub_action_id && line.year === note.year),
    );
  };
  /** The note as the caller may see it (its line's name read now), or a 404. */
  const noteOf = (caller: User, id: string | undefined) => {
    const note = rowOf(
      notesStore().filter((row) => noteInScope(caller, row)),
      id,
      server.records.note,
    );
    const line = db.lines.find((row) => row.id === note.line_id);
    note.line_name = line ? line.component_name : null;
    return note;
  };
  const assertSubActionInScope = (caller: User, subActionId: string) => {
    const { agency } = placeOf(subActionOf(subActionId).id);
    const units = unitsOf(caller);
    if (units && !(agency && units.includes(agency.id))) {
      throw refusals.outsideUnits();
    }
  };
  /**
   * A change to a sub kegiatan's lines of a year takes its verification away and tells who gave
   * it (the server's trigger, migration 0020).
   */
  const linesChanged = (caller: User, ...places: Pick<StoredLine, 'sub_action_id' | 'year'>[]) => {
    for (const { sub_action_id, year } of places) {
      const mark = verifiedStore().find(
        (row) => row.sub_action_id === sub_action_id && row.year === year,
      );
      if (!mark) continue;
      unverify(sub_action_id, year);
      notify(
        [mark.by],
        'verification_withdrawn',
        { note_id: null, line_id: null, sub_action_id, year },
        caller,
      );
    }
  };
  const unverify = (sub_action_id: string, year: number) => {
    db.verified = verifiedStore().filter(
      (row) => row.sub_action_id !== sub_action_id || row.year !== year,
    );
  };
  const reviewsOf = (caller: User, year: number): SubActionReview[] => {
    const units = unitsOf(caller);
    return paguRowsOf(year)
      .filter(({ row }) => !units || (row.agency_id !== null && units.includes(row.agency_id)))
      .map(({ row }) => {
        const lines = db.lines.filter(
          (line) => line.year === year && line.sub_action_id === row.sub_action_id,
        );
        const notes = notesStore().filter(
          (note) => note.year === year && note.sub_action_id === row.sub_action_id,
        );
        const verified = verifiedStore().find(
          (mark) => mark.sub_action_id === row.sub_action_id && mark.year === year,
        );
        const open = notes.filter((note) => note.status !== 'closed').length;
        return {
          sub_action_id: row.sub_action_id,
          sub_action_code: row.sub_action_code,
          sub_action_name: row.sub_action_name,
          agency_name: row.agency_name,
          year,
          line_count: lines.length,
          total_after_tax: sumRupiahText(lines.map((line) => line.total_after_tax)),
          open_notes: open,
          closed_notes: notes.length - open,
          verified_at: verified?.at ?? null,
          verified_by_name: db.users.find((u) => u.id === verified?.by)?.name ?? null,
          agency_id: row.agency_id,
        };
      })
      .filter((row) => row.line_count > 0 || row.open_notes + row.closed_notes > 0)
      .map(({ agency_id: _, ...row }) => row);
  };
  /** The server's unitPeople: the sub kegiatan's unit's users, and who made the lines `made` picks. */
  const unitPeople = (subActionId: string, made: (line: StoredLine) => boolean) => {
    const agency = placeOf(subActionId).agency;
    return [
      ...db.users
        .filter((user) => user.role === 'user' && agency && user.agency_ids.includes(agency.id))
        .map((user) => user.id),
      ...db.lines.filter(made).map((line) => line.created_by),
    ];
  };
  /** The unit's side of a note (its line's, or its sub kegiatan's of the year). */
  const unitSide = (note: VerificationNote) =>
    unitPeople(note.sub_action_id, (line) =>
      note.line_id
        ? line.id === note.line_id
        : line.sub_action_id === note.sub_action_id && line.year === note.year,
    );
  /** The reviewers' side: the note's author and the verifiers and admins who answered. */
  const reviewerSide = (note: VerificationNote) => [
    note.author_id,
    ...note.replies
      .filter((reply) => db.users.find((user) => user.id === reply.author_id)?.role !== 'user')
      .map((reply) => reply.author_id),
  ];
  /** Tells `people` (once each, never the actor) what the actor did, as the server does. */
  const notify = (
    people: readonly (string | null | undefined)[],
    kind: NotificationKind,
    place: { note_id: string | null; sub_action_id: string; year: number; line_id: string | null },
    actor: User,
  ) => {
    db.notifications ??= [];
    const line = db.lines.find((row) => row.id === place.line_id);
    for (const user_id of new Set(people)) {
      if (!user_id || user_id === actor.id) continue;
      db.notifications.push({
        id: uuid(),
        user_id,
        kind,
        ...place,
        line_name: line?.component_name ?? null,
        sub_action_name: placeOf(place.sub_action_id).subAction?.name ?? null,
        actor_name: actor.name,
        created_at: now(),
        read: false,
      });
    }
  };
  const verification: RouteHandlers['verification'] = {
    notes: ({ query, caller }) => {
      const matching = notesStore()
        .filter(
          (note) =>
            noteInScope(caller, note) &&
            (query.year === undefined || note.year === query.year) &&
            (!query.sub_action_id || note.sub_action_id === query.sub_action_id) &&
            (!query.line_id || note.line_id === query.line_id) &&
            (query.status !== 'open' || note.status !== 'closed') &&
            (query.status !== 'closed' || note.status === 'closed') &&
            containsText(query.search, note.body, note.sub_action_name, note.line_name),
        )
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
      const found = matching.map((note) => noteOf(caller, note.id));
      return pageOf(found, query, found.length);
    },
    create: ({ body, caller }) => {
      let place: { sub_action_id: string; year: number; line_id: string | null };
      if ('line_id' in body) {
        const line = rowOf(linesOf(caller, {}), body.line_id, server.records.line);
        place = { sub_action_id: line.sub_action_id, year: line.year, line_id: line.id };
      } else {
        assertSubActionInScope(caller, body.sub_action_id);
        place = { sub_action_id: body.sub_action_id, year: body.year, line_id: null };
      }
      const { subAction, agency } = placeOf(place.sub_action_id);
      const note: VerificationNote = {
        id: uuid(),
        ...place,
        sub_action_code: (subAction?.code as string | null | undefined) ?? null,
        sub_action_name: subAction?.name ?? '',
        agency_name: agency?.name ?? null,
        line_name: null,
        body: body.body,
        status: 'open',
        author_id: caller.id,
        author_name: caller.name,
        created_at: now(),
        closed_at: null,
        closed_by_name: null,
        replies: [],
      };
      notesStore().push(note);
      // A sub kegiatan with a new note is no longer verified.
      unverify(place.sub_action_id, place.year);
      notify(unitSide(note), 'note_opened', { ...place, note_id: note.id }, caller);
      return { data: noteOf(caller, note.id) };
    },
    reply: ({ params, body, caller }) => {
      const note = noteOf(caller, params.id);
      if (note.status === 'closed') throw refusals.noteClosed();
      note.replies.push({
        id: uuid(),
        body: body.body,
        author_id: caller.id,
        author_name: caller.name,
        created_at: now(),
      });
      const reviewer = caller.role !== 'user';
      note.status = reviewer ? 'open' : 'answered';
      notify(
        reviewer ? unitSide(note) : reviewerSide(note),
        reviewer ? 'note_opened' : 'note_answered',
        { ...note, note_id: note.id },
        caller,
      );
      return { data: note };
    },
    close: ({ params, body, caller }) => {
      const note = noteOf(caller, params.id);
      if (body.closed === (note.status === 'closed')) return { data: note };
      if (body.closed) {
        Object.assign(note, { status: 'closed', closed_at: now(), closed_by_name: caller.name });
      } else {
        Object.assign(note, { status: 'open', closed_at: null, closed_by_name: null });
        unverify(note.sub_action_id, note.year);
      }
      notify(
        unitSide(note),
        body.closed ? 'note_closed' : 'note_reopened',
        { ...note, note_id: note.id },
        caller,
      );
      return { data: note };
    },
    subActions: ({ query, caller }) => {
      const matching = reviewsOf(caller, query.year).filter(
        (row) =>
          (!query.agency_id || placeOf(row.sub_action_id).agency?.id === query.agency_id) &&
          containsText(query.search, row.sub_action_name, row.sub_action_code),
      );
      return pageOf(matching, query, matching.length);
    },
    verify: ({ body, caller }) => {
      assertSubActionInScope(caller, body.sub_action_id);
      if (body.verified) {
        const open = notesStore().filter(
          (note) =>
            note.sub_action_id === body.sub_action_id &&
            note.year === body.year &&
            note.status !== 'closed',
        ).length;
        if (open > 0) throw refusals.notesStillOpen(open);
        if (
          !verifiedStore().some(
            (mark) => mark.sub_action_id === body.sub_action_id && mark.year === body.year,
          )
        ) {
          verifiedStore().push({
            sub_action_id: body.sub_action_id,
            year: body.year,
            at: now(),
            by: caller.id,
          });
          notify(
            unitPeople(
              body.sub_action_id,
              (line) => line.sub_action_id === body.sub_action_id && line.year === body.year,
            ),
            'sub_action_verified',
            { sub_action_id: body.sub_action_id, year: body.year, note_id: null, line_id: null },
            caller,
          );
        }
      } else {
        unverify(body.sub_action_id, body.year);
      }
      const review = reviewsOf({ ...caller, role: 'admin' }, body.year).find(
        (row) => row.sub_action_id === body.sub_action_id,
      );
      return {
        data: review ?? {
          sub_action_id: body.sub_action_id,
          sub_action_code: null,
          sub_action_name: subActionOf(body.sub_action_id).name,
          agency_name: null,
          year: body.year,
          line_count: 0,
          total_after_tax: '0',
          open_notes: 0,
          closed_notes: 0,
          verified_at: null,
          verified_by_name: null,
        },
      };
    },
  };

  const upload: RouteHandlers['upload'] = {
    file: ({ file }) => {
      if (!file) throw refusals.fileMissing('file');
      if (file.size > UPLOAD_MAX_BYTES) throw refusals.fileTooLarge();
      if (!isUploadImageType(file.type)) throw refusals.notAnImage();
      const path = `${MEMORY_UPLOAD_ORIGIN}${BASE_PATH}/api/uploads/${uuid()}`;
      db.files.set(path, file);
      return { data: { path } };
    },
  };
  // 'Unduh Excel' of the history and of a stage comparison: a one-sheet workbook under the
  // server's name (the figures are the server's; stories check the download itself).
  const workbookLink = (originalName: string, sheet: string) => {
    const path = `${MEMORY_UPLOAD_ORIGIN}${BASE_PATH}/api/files/${uuid()}.xlsx`;
    db.files.set(path, xlsxBlob([[sheet]], sheet));
    return { data: { path, originalName } };
  };
  const history: RouteHandlers['history'] = {
    export: () => workbookLink('riwayat-perubahan.xlsx', 'Riwayat Perubahan'),
  };
  const stage: RouteHandlers['stage'] = {
    compareWorkbook: ({ query }) =>
      workbookLink(`perbandingan-tahap-${query.year}-${query.from}-${query.to}.xlsx`, 'Ringkasan'),
  };
  const levels = Object.fromEntries(managedEntityKeys.map((key) => [key, levelHandlers(key)]));

  const client = createClient({
    baseUrl: 'http://api.memory.invalid',
    getToken: () => options.token ?? (currentUser ? tokenOf(currentUser) : null),
    fetch: routeTableFetch({
      handlers: {
        health: { get: () => ({ data: { database: 'up' } }) },
        ...(levels as RouteHandlers),
        ...{ budgetLine, planning, pagu, priceItem, lock, article, user, upload, history, stage },
        notification,
        verification,
      },
      files: db.files,
      // The story's own caller is taken as given, even when its seed does not list them.
      callerOf: (token) => {
        const found = db.users.find((u) => token === tokenOf(u));
        if (found) return toUser(found);
        return currentUser &&
          !db.users.some((u) => u.id === currentUser.id) &&
          token === tokenOf(currentUser)
          ? currentUser
          : null;
      },
      latencyMs: options.latencyMs ?? 0,
      ...(options.failOn ? { failOn: options.failOn } : {}),
    }),
  });
  stores.set(client, db);
  return client;
}
