import { z } from 'zod';
import {
  CashPlanExportQuery,
  CashPlanExportRow,
  CashPlanGrid,
  CashPlanImportBatch,
  CashPlanImportResult,
  CashPlanInput,
  CashPlanQuery,
  CashPlanStatus,
  CashPlanStatusQuery,
  CashPlanWorkbookQuery,
} from './cash-plan.js';
import { type ManagedEntityKey, managedEntityKeys } from './entity-keys.js';
import {
  Area,
  AreaQuery,
  EvidenceDelete,
  EvidenceMap,
  EvidenceMapQuery,
  EvidencePhoto,
  EvidenceQuery,
  EvidenceSheetQuery,
  EvidenceUploadFields,
  SubActionLocationAnswer,
  SubActionLocationInput,
  SubActionLocationQuery,
} from './evidence.js';
import {
  FundingRecap,
  FundingRecapDownloadQuery,
  FundingRecapQuery,
  FundingSource,
  FundingSourceImportBatch,
  FundingSourceImportResult,
  FundingSourceInput,
  FundingSourceListQuery,
  FundingSourceUpdateInput,
  SubActionFunding,
  SubActionFundingInput,
  SubActionFundingQuery,
} from './funding.js';
import { type ManagedEntities, managedEntities } from './hierarchy.js';
import {
  HistoryEntry,
  HistoryExportQuery,
  HistoryListQuery,
  HistoryRestoreInput,
  LineHistoryQuery,
  Stage,
  StageAdvanceInput,
  StageCompareQuery,
  StageComparison,
  StageLockInput,
  StageScheduleInput,
  StageWorkbookQuery,
  StageYearQuery,
  SubActionLock,
  SubActionLockInput,
  SubActionLockListQuery,
} from './history.js';
import {
  Evaluation,
  EvaluationDownloadQuery,
  EvaluationQuery,
  Indicator,
  IndicatorAchievementInput,
  IndicatorFields,
  IndicatorInput,
  IndicatorQuery,
} from './indicators.js';
import {
  MonthlyReminderResult,
  MonthlyReport,
  MonthlyReportClose,
  MonthlyReportCloseResult,
  MonthlyReportCopyResult,
  MonthlyReportDownloadQuery,
  MonthlyReportKey,
  MonthlyReportQuery,
  MonthlyReportReview,
  MonthlyReportSubAction,
  PhysicalProgressInput,
} from './monthly-report.js';
import {
  AgencyPaguInput,
  PaguImportBatch,
  PaguImportResult,
  PaguInput,
  PaguListQuery,
  PaguRow,
  PaguStatus,
  PaguStatusQuery,
  PaguSummary,
  PaguSummaryQuery,
  PlanningPolicyInput,
  PlanningSettings,
  PlanningYears,
  PriceAnomaly,
  PriceAnomalyQuery,
  PriceItem,
  PriceItemImportBatch,
  PriceItemImportResult,
  PriceItemInput,
  PriceItemListQuery,
  PriceItemUpdateInput,
  Signer,
  SignerInput,
  TaxRecalculation,
  TaxRecalculationInput,
  TaxRecalculationQuery,
  TaxRecalculationYear,
  TaxRuleSet,
} from './planning.js';
import {
  RealisationGrid,
  RealisationQuery,
  RealisationReasonInput,
  RealisationSummary,
  RealisationSummaryQuery,
  RealisationTrend,
  RealisationTrendQuery,
  Sp2dImportBatch,
  Sp2dImportResult,
  UnitSp2dDelete,
  UnitSp2dInput,
} from './realisation.js';
import {
  Article,
  ArticleInput,
  ArticleListQuery,
  BudgetLine,
  BudgetLineInput,
  BudgetLineListQuery,
  BudgetSummary,
  BudgetSummaryQuery,
  ChildListQuery,
  Health,
  HierarchyExportPage,
  HierarchyExportQuery,
  HierarchyImportBatch,
  HierarchyImportResult,
  IdParams,
  ListQuery,
  PasswordChangeInput,
  PasswordSetInput,
  ReferenceImportBatch,
  ReferenceImportResult,
  ReferenceItem,
  ReferenceListQuery,
  ReportDownload,
  ReportDownloadQuery,
  type Role,
  SignInInput,
  SignInResult,
  SlugParams,
  UploadResult,
  User,
  UserCreateInput,
  UserListQuery,
  UserUpdateInput,
} from './schemas.js';
import {
  NoteCloseInput,
  NoteInput,
  NoteListQuery,
  NoteRepliesQuery,
  NoteReply,
  NoteReplyInput,
  Notification,
  NotificationCount,
  NotificationListQuery,
  NotificationReadInput,
  SubActionReview,
  SubActionReviewQuery,
  SubActionVerifyInput,
  VerificationNote,
} from './verification.js';

/**
 * Who may call a route. `public` routes still see the caller when a valid token is sent; `user`
 * routes take anyone signed in, `verifier` routes verifiers and admins, `admin` routes admins.
 */
export type Access = 'public' | 'user' | 'verifier' | 'admin';

/** Whether a signed-in person of `role` may call a route of `access`. */
export function roleMayCall(access: Access, role: Role): boolean {
  if (access === 'admin') return role === 'admin';
  if (access === 'verifier') return role === 'verifier' || role === 'admin';
  return true;
}
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One row of the HTTP contract (spec section 7), declared once: the server registers it,
 * the client calls it, the OpenAPI document describes it.
 */
export interface RouteDefinition {
  method: HttpMethod;
  /** Path below the base `/ranwal`, with Fastify-style `:param` segments. */
  path: string;
  /** Further paths that serve the same call (the spec's article calls without `/api`). */
  aliases?: readonly string[];
  access: Access;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A multipart/form-data upload with one file in the field `file`. */
  upload?: true;
  /** An upload's text fields beside `file` (sent before it), validated by the handler. */
  fields?: z.ZodObject;
  /** Schema of the envelope's `data`; for lists, of one item. */
  data: z.ZodType;
  /** Answers with `data: [...]` and `filter`. */
  list?: true;
  /**
   * A read whose answer a server may keep while the database has not changed (and the day in the
   * region is the same), as it keeps list answers: a dashboard many people read over the year's
   * data. Lists are kept so already.
   */
  cached?: true;
  /** Status of a successful answer; 200 unless stated. */
  successStatus?: 200 | 201;
  /**
   * A server may be set to take this call without any token (the spec's upload service took
   * none); a call that does send a token must still meet `access`.
   */
  anonymousOptIn?: true;
}

const route = <const R extends RouteDefinition>(definition: R): R => definition;

/** The four calls every managed entity has, typed from its row of the level table. */
interface CrudRoutes<D extends ManagedEntities[ManagedEntityKey]> {
  list: RouteDefinition & {
    query: D['parent'] extends null ? typeof ListQuery : typeof ChildListQuery;
    data: D['entity'];
    list: true;
  };
  create: RouteDefinition & { body: D['input']; data: D['entity'] };
  update: RouteDefinition & { params: typeof IdParams; body: D['input']; data: D['entity'] };
  delete: RouteDefinition & { params: typeof IdParams; data: z.ZodNull };
}

function crudRoutes<D extends ManagedEntities[ManagedEntityKey]>(definition: D): CrudRoutes<D> {
  const base = `/api/${definition.path}`;
  const query = definition.parent ? ChildListQuery : ListQuery;
  return {
    list: route({
      method: 'GET',
      path: `${base}/list`,
      access: 'user',
      summary: `List ${definition.key} records (search on name${definition.hasCode ? ' and code' : ''})`,
      query,
      data: definition.entity,
      list: true,
    }),
    create: route({
      method: 'POST',
      path: `${base}/create`,
      access: 'admin',
      summary: `Create a ${definition.key}`,
      body: definition.input,
      data: definition.entity,
      successStatus: 201,
    }),
    update: route({
      method: 'PUT',
      path: `${base}/:id/update`,
      access: 'admin',
      summary: `Update a ${definition.key}`,
      params: IdParams,
      body: definition.input,
      data: definition.entity,
    }),
    delete: route({
      method: 'DELETE',
      path: `${base}/:id/delete`,
      access: 'admin',
      summary: `Delete a ${definition.key} that nothing depends on`,
      params: IdParams,
      data: z.null(),
    }),
  } as CrudRoutes<D>;
}

const managedEntityRoutes = Object.fromEntries(
  managedEntityKeys.map((key) => [key, crudRoutes(managedEntities[key])]),
) as { [K in ManagedEntityKey]: CrudRoutes<ManagedEntities[K]> };

export const routes = {
  health: {
    get: route({
      method: 'GET',
      path: '/api/health',
      access: 'public',
      summary: 'Answers 200 when the database answers',
      data: Health,
    }),
  },
  user: {
    signIn: route({
      method: 'POST',
      path: '/api/user/sign-in',
      access: 'public',
      summary: 'Sign in with email and password; answers a bearer token',
      body: SignInInput,
      data: SignInResult,
    }),
    me: route({
      method: 'GET',
      path: '/api/user/me',
      access: 'user',
      summary: 'The signed-in user',
      data: User,
    }),
    list: route({
      method: 'GET',
      path: '/api/user/list',
      access: 'admin',
      summary:
        'List users (search on name and email; without_agency: users and verifiers with no Perangkat Daerah)',
      query: UserListQuery,
      data: User,
      list: true,
    }),
    create: route({
      method: 'POST',
      path: '/api/user/create',
      access: 'admin',
      summary: 'Create a user',
      body: UserCreateInput,
      data: User,
      successStatus: 201,
    }),
    update: route({
      method: 'PUT',
      path: '/api/user/:id/update',
      access: 'admin',
      summary: 'Update a user (not the password)',
      params: IdParams,
      body: UserUpdateInput,
      data: User,
    }),
    changePassword: route({
      method: 'PUT',
      path: '/api/user/password',
      access: 'user',
      summary:
        "Change one's own password (the current one, then the new); ends the person's other sessions and answers a new token",
      body: PasswordChangeInput,
      data: SignInResult,
    }),
    setPassword: route({
      method: 'PUT',
      path: '/api/user/:id/password',
      access: 'admin',
      summary: "Set another person's password; ends every session of that person",
      params: IdParams,
      body: PasswordSetInput,
      data: User,
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/user/:id/delete',
      access: 'admin',
      summary: 'Delete a user (never yourself or the last admin)',
      params: IdParams,
      data: z.null(),
    }),
  },
  agency: managedEntityRoutes.agency,
  program: managedEntityRoutes.program,
  action: managedEntityRoutes.action,
  sub_action: managedEntityRoutes.sub_action,
  activity: managedEntityRoutes.activity,
  subtitle: managedEntityRoutes.subtitle,
  account: managedEntityRoutes.account,
  supporter: managedEntityRoutes.supporter,
  budgetLine: {
    list: route({
      method: 'GET',
      path: '/api/detail-program/list',
      access: 'user',
      summary: 'List budget lines (a user sees their own, an admin all)',
      query: BudgetLineListQuery,
      data: BudgetLine,
      list: true,
    }),
    get: route({
      method: 'GET',
      path: '/api/detail-program/:id/get',
      access: 'user',
      summary: 'One budget line',
      params: IdParams,
      data: BudgetLine,
    }),
    create: route({
      method: 'POST',
      path: '/api/detail-program/create',
      access: 'user',
      summary: 'Create a budget line; the server computes total, PPN and total after tax',
      body: BudgetLineInput,
      data: BudgetLine,
      successStatus: 201,
    }),
    update: route({
      method: 'PUT',
      path: '/api/detail-program/:id/update',
      access: 'user',
      summary:
        'Edit a budget line (a user their own, an admin any): checked and priced as a create; keeps who edited it and when',
      params: IdParams,
      body: BudgetLineInput,
      data: BudgetLine,
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/detail-program/:id/delete',
      access: 'user',
      summary: 'Delete a budget line (a user their own, an admin any)',
      params: IdParams,
      data: z.null(),
    }),
    report: route({
      method: 'GET',
      path: '/api/detail-program/report',
      access: 'user',
      summary: 'A signed, expiring link to the .xlsx report of a year',
      query: ReportDownloadQuery,
      data: ReportDownload,
    }),
    summary: route({
      method: 'GET',
      path: '/api/detail-program/summary',
      access: 'admin',
      summary:
        "A year's budget at a glance: line count and totals before PPN, PPN and after PPN, overall and per programme, and the years that have lines",
      query: BudgetSummaryQuery,
      data: BudgetSummary,
    }),
  },
  article: {
    list: route({
      method: 'GET',
      path: '/api/article/list',
      access: 'public',
      summary: 'List articles (published only unless the caller is an admin)',
      query: ArticleListQuery,
      data: Article,
      list: true,
    }),
    get: route({
      method: 'GET',
      path: '/api/article/:slug/get',
      aliases: ['/article/:slug/get'],
      access: 'public',
      summary: 'One article by slug; a public read of a published article counts a view',
      params: SlugParams,
      data: Article,
    }),
    create: route({
      method: 'POST',
      path: '/api/article/create',
      access: 'admin',
      summary: 'Create an article (HTML is sanitized)',
      body: ArticleInput,
      data: Article,
      successStatus: 201,
    }),
    update: route({
      method: 'PUT',
      path: '/api/article/:slug/update',
      aliases: ['/article/:slug/update'],
      access: 'admin',
      summary: 'Update an article (HTML is sanitized)',
      params: SlugParams,
      body: ArticleInput,
      data: Article,
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/article/:slug/delete',
      aliases: ['/article/:slug/delete'],
      access: 'admin',
      summary: 'Delete an article',
      params: SlugParams,
      data: z.null(),
    }),
  },
  import: {
    hierarchy: route({
      method: 'POST',
      path: '/api/import/hierarchy',
      access: 'admin',
      summary:
        'Import account codes with their whole path in one transaction: creates what is missing, reuses what exists (by name under the same parent, by code under the same subtitle)',
      body: HierarchyImportBatch,
      data: HierarchyImportResult,
    }),
  },
  reference: {
    import: route({
      method: 'POST',
      path: '/api/reference/import',
      access: 'admin',
      summary:
        'Load the national nomenclature (programme, kegiatan, sub kegiatan and kode rekening codes with their names) in one transaction: new codes are added, changed names taken',
      body: ReferenceImportBatch,
      data: ReferenceImportResult,
    }),
    list: route({
      method: 'GET',
      path: '/api/reference/list',
      access: 'admin',
      summary:
        'A page of one level of the national nomenclature in code order (search on code and name; `under` a parent code), to pick official items from',
      query: ReferenceListQuery,
      data: ReferenceItem,
      list: true,
    }),
  },
  export: {
    hierarchy: route({
      method: 'GET',
      path: '/api/export/hierarchy',
      access: 'admin',
      summary:
        "Every account code with its whole path and every level's code, in the import's own row format, a page at a time by account id (`after`): what `ranwal export hierarchy` writes",
      query: HierarchyExportQuery,
      data: HierarchyExportPage,
    }),
  },
  planning: {
    settings: route({
      method: 'GET',
      path: '/api/planning/settings',
      access: 'user',
      summary:
        'What the line form prices with: the PPN rules by date (12% of the whole total unless configured) and whether free-form components are allowed',
      data: PlanningSettings,
    }),
    years: route({
      method: 'GET',
      path: '/api/planning/years',
      access: 'user',
      summary:
        'The budget years to choose from (every year with a stage, a pagu, catalogue items or lines, and the current and next year) and the default: the year whose stage is running, else the current year',
      data: PlanningYears,
    }),
    taxRules: route({
      method: 'PUT',
      path: '/api/planning/tax-rules',
      access: 'admin',
      summary:
        'Replace the PPN rules (rate and base from a date on); lines are priced with the rule in force on the first day of their budget year',
      body: TaxRuleSet,
      data: PlanningSettings,
    }),
    policy: route({
      method: 'PUT',
      path: '/api/planning/policy',
      access: 'admin',
      summary:
        "Set the region's planning rules (a rule left out stays): whether lines of a year that has stages need a pagu on their sub kegiatan, and whether every line names its sumber dana",
      body: PlanningPolicyInput,
      data: PlanningSettings,
    }),
    signers: route({
      method: 'GET',
      path: '/api/planning/signers',
      access: 'user',
      summary: 'Who signs the RKA of each Perangkat Daerah (and of the region as a whole)',
      data: z.array(Signer),
    }),
    taxRecalculation: route({
      method: 'GET',
      path: '/api/planning/tax-recalculation',
      access: 'admin',
      summary:
        "What recalculating PPN would change: per budget year, the taxed lines whose PPN is not their year's rule now, how many, their totals before and after, and the first lines",
      query: TaxRecalculationQuery,
      data: TaxRecalculation,
    }),
    recalculateTax: route({
      method: 'POST',
      path: '/api/planning/tax-recalculation/apply',
      access: 'admin',
      summary:
        "Reprice a budget year's taxed lines with its PPN rule now; each repriced line is a recorded change (the answer: what was changed)",
      body: TaxRecalculationInput,
      data: TaxRecalculationYear,
    }),
    setSigner: route({
      method: 'PUT',
      path: '/api/planning/signer',
      access: 'admin',
      summary: "Set who signs a Perangkat Daerah's RKA (place, position, name, NIP)",
      body: SignerInput,
      data: Signer,
    }),
  },
  history: {
    list: route({
      method: 'GET',
      path: '/api/history/list',
      access: 'admin',
      summary:
        'Every recorded change, newest first: who, when, from which address, the record before and after (by kind of record, record, person and dates)',
      query: HistoryListQuery,
      data: HistoryEntry,
      list: true,
    }),
    export: route({
      method: 'GET',
      path: '/api/history/export',
      access: 'admin',
      summary:
        "A signed, expiring link to an .xlsx of the changes the list's filters select, newest first (at most HISTORY_EXPORT_MAX_ROWS)",
      query: HistoryExportQuery,
      data: ReportDownload,
    }),
    line: route({
      method: 'GET',
      path: '/api/detail-program/:id/history',
      access: 'user',
      summary:
        "A page of a budget line's changes, oldest first, deleted lines included (a user's own lines; an admin's any)",
      params: IdParams,
      query: LineHistoryQuery,
      data: HistoryEntry,
      list: true,
    }),
    restore: route({
      method: 'POST',
      path: '/api/history/restore',
      access: 'admin',
      summary:
        'Bring a budget line back as it was after a change (before it, for a delete), checked as an edit; itself a recorded change',
      body: HistoryRestoreInput,
      data: BudgetLine,
    }),
  },
  lock: {
    list: route({
      method: 'GET',
      path: '/api/lock/list',
      access: 'admin',
      summary: 'The sub kegiatan of a year that are or were locked, with the last reason and who',
      query: SubActionLockListQuery,
      data: SubActionLock,
      list: true,
    }),
    set: route({
      method: 'PUT',
      path: '/api/lock/sub-action',
      access: 'admin',
      summary:
        "Lock (kunci) or unlock a sub kegiatan's lines of a year: locked, users cannot create, edit or delete them; unlocking needs a reason",
      body: SubActionLockInput,
      data: SubActionLock,
    }),
  },
  verification: {
    notes: route({
      method: 'GET',
      path: '/api/verification/notes',
      access: 'user',
      summary:
        "Verification notes with their answers, newest first: a verifier's and a user's of their units (a user without units: on their own lines), an admin's all",
      query: NoteListQuery,
      data: VerificationNote,
      list: true,
    }),
    create: route({
      method: 'POST',
      path: '/api/verification/notes/create',
      access: 'verifier',
      summary: "Write a note on a line or a sub kegiatan of a year of one's units; tells its unit",
      body: NoteInput,
      data: VerificationNote,
      successStatus: 201,
    }),
    replies: route({
      method: 'GET',
      path: '/api/verification/notes/:id/replies',
      access: 'user',
      summary:
        "A page of a note's answers, oldest first (a list carries each note's latest and their count)",
      params: IdParams,
      query: NoteRepliesQuery,
      data: NoteReply,
      list: true,
    }),
    reply: route({
      method: 'POST',
      path: '/api/verification/notes/:id/reply',
      access: 'user',
      summary:
        'Answer a note (the unit) or follow it up (the verifier); the note then waits on the other side',
      params: IdParams,
      body: NoteReplyInput,
      data: VerificationNote,
    }),
    close: route({
      method: 'PUT',
      path: '/api/verification/notes/:id/close',
      access: 'verifier',
      summary: 'Close a note, or open it again',
      params: IdParams,
      body: NoteCloseInput,
      data: VerificationNote,
    }),
    subActions: route({
      method: 'GET',
      path: '/api/verification/sub-actions',
      access: 'verifier',
      summary:
        "The sub kegiatan of a year with lines, in the caller's units: their sums, open and closed notes, and whether verified",
      query: SubActionReviewQuery,
      data: SubActionReview,
      list: true,
    }),
    verify: route({
      method: 'PUT',
      path: '/api/verification/sub-action',
      access: 'verifier',
      summary:
        'Mark a sub kegiatan of a year verified (refused while a note on it is open), or not verified',
      body: SubActionVerifyInput,
      data: SubActionReview,
    }),
  },
  notification: {
    list: route({
      method: 'GET',
      path: '/api/notification/list',
      access: 'user',
      summary: "The caller's notifications, newest first",
      query: NotificationListQuery,
      data: Notification,
      list: true,
    }),
    count: route({
      method: 'GET',
      path: '/api/notification/count',
      access: 'user',
      summary: "How many of the caller's notifications are unread",
      data: NotificationCount,
    }),
    read: route({
      method: 'PUT',
      path: '/api/notification/read',
      access: 'user',
      summary: "Mark the caller's notifications read (the ones named, or all)",
      body: NotificationReadInput,
      data: NotificationCount,
    }),
  },
  stage: {
    list: route({
      method: 'GET',
      path: '/api/stage/list',
      access: 'user',
      summary: "A budget year's stages in order, with the current one, their dates and locks",
      query: StageYearQuery,
      data: z.array(Stage),
    }),
    schedule: route({
      method: 'PUT',
      path: '/api/stage/schedule',
      access: 'admin',
      summary:
        "Set a budget year's stages and their dates, in order; a stage already entered keeps its place; overlapping dates are refused, dates wholly outside the budget year need confirm: true (else 409)",
      body: StageScheduleInput,
      data: z.array(Stage),
    }),
    advance: route({
      method: 'POST',
      path: '/api/stage/advance',
      access: 'admin',
      summary:
        "Move the year to its next stage: the current stage's lines are kept as its figures (a snapshot) and it closes; entering a stage outside its dates needs confirm: true (else 409 saying what it does to users)",
      body: StageAdvanceInput,
      data: z.array(Stage),
    }),
    lock: route({
      method: 'PUT',
      path: '/api/stage/lock',
      access: 'admin',
      summary:
        "Lock (kunci) or unlock the year's current stage: locked, users cannot create, edit or delete its lines; unlocking needs a reason",
      body: StageLockInput,
      data: z.array(Stage),
    }),
    compare: route({
      method: 'GET',
      path: '/api/stage/compare',
      access: 'admin',
      summary:
        "Two stages of a year compared: lines added, removed and changed (old and new values), the totals per sub kegiatan, per unit, per sumber dana and overall, and each stage's Anggaran Kas per month",
      query: StageCompareQuery,
      data: StageComparison,
    }),
    compareWorkbook: route({
      method: 'GET',
      path: '/api/stage/compare/workbook',
      access: 'admin',
      summary:
        'A signed, expiring link to the comparison of two stages as an .xlsx: Ringkasan, Per Perangkat Daerah, Per Sub Kegiatan, Per Sumber Dana, Anggaran Kas per Bulan and every changed line with its old and new values',
      query: StageWorkbookQuery,
      data: ReportDownload,
    }),
  },
  pagu: {
    status: route({
      method: 'GET',
      path: '/api/pagu/status',
      access: 'user',
      summary:
        "A sub kegiatan's pagu for a year with its chain's: pagu, planned (after PPN) and remaining, for the line form",
      query: PaguStatusQuery,
      data: PaguStatus,
    }),
    list: route({
      method: 'GET',
      path: '/api/pagu/list',
      access: 'admin',
      summary:
        'The sub kegiatan of a year with their pagu, planned and remaining, in code order (search on name and code)',
      query: PaguListQuery,
      data: PaguRow,
      list: true,
    }),
    set: route({
      method: 'PUT',
      path: '/api/pagu/set',
      access: 'admin',
      summary:
        "Set a sub kegiatan's pagu for a year; allowing an overrun needs a reason, which is kept",
      body: PaguInput,
      data: PaguRow,
    }),
    summary: route({
      method: 'GET',
      path: '/api/pagu/summary',
      access: 'admin',
      summary:
        'Pagu, planned (after PPN) and remaining per Perangkat Daerah and per programme for a year, for the dashboard',
      query: PaguSummaryQuery,
      data: PaguSummary,
    }),
    setAgency: route({
      method: 'PUT',
      path: '/api/pagu/agency',
      access: 'admin',
      summary: "Set a Perangkat Daerah's pagu for a year",
      body: AgencyPaguInput,
      data: z.object({ agency_id: z.string(), year: z.number().int(), amount: z.number() }),
    }),
    import: route({
      method: 'POST',
      path: '/api/pagu/import',
      access: 'admin',
      summary:
        'Set the pagu of many sub kegiatan at once, found by code (within their Perangkat Daerah when named), in one transaction',
      body: PaguImportBatch,
      data: PaguImportResult,
    }),
  },
  cashPlan: {
    get: route({
      method: 'GET',
      path: '/api/cash-plan',
      access: 'user',
      summary:
        "A sub kegiatan's Anggaran Kas of a year: per kode rekening its lines' total, the twelve months and the selisih, with per-month totals",
      query: CashPlanQuery,
      data: CashPlanGrid,
    }),
    set: route({
      method: 'PUT',
      path: '/api/cash-plan/set',
      access: 'user',
      summary:
        "Save a sub kegiatan's whole Anggaran Kas of a year in one transaction (a plan that does not balance is kept); refused where its lines may not be written (a lock, the stage)",
      body: CashPlanInput,
      data: CashPlanGrid,
    }),
    status: route({
      method: 'GET',
      path: '/api/cash-plan/status',
      access: 'user',
      summary:
        "The sub kegiatan of a year, in the caller's units, with lines whose Anggaran Kas does not balance them (selisih not 0), and whether the region requires it to",
      query: CashPlanStatusQuery,
      data: CashPlanStatus,
    }),
    import: route({
      method: 'POST',
      path: '/api/cash-plan/import',
      access: 'admin',
      summary:
        "Set a year's Anggaran Kas from the SIPD layout (sub kegiatan × kode rekening, bulan_1..12), every row checked before anything is written, in one transaction",
      body: CashPlanImportBatch,
      data: CashPlanImportResult,
    }),
    export: route({
      method: 'GET',
      path: '/api/cash-plan/export',
      access: 'admin',
      summary: "A year's Anggaran Kas in the SIPD layout: one row per sub kegiatan × kode rekening",
      query: CashPlanExportQuery,
      data: z.array(CashPlanExportRow),
    }),
    workbook: route({
      method: 'GET',
      path: '/api/cash-plan/workbook',
      access: 'user',
      summary:
        "A signed, expiring link to a year's Anggaran Kas printed as an .xlsx: the caller's units (or one), grouped Perangkat Daerah → Program → Kegiatan → Sub Kegiatan → Kode Rekening, monthly and quarterly columns, subtotals per level, the signatory",
      query: CashPlanWorkbookQuery,
      data: ReportDownload,
    }),
  },
  realisation: {
    get: route({
      method: 'GET',
      path: '/api/realisation',
      access: 'user',
      summary:
        "A sub kegiatan's realisation of a year against its Anggaran Kas: per kode rekening the lines' total, the twelve months planned and paid (SP2D), whether it exceeds its lines and the unit's reason; per month the cumulative plan, realisation and achievement",
      query: RealisationQuery,
      data: RealisationGrid,
    }),
    import: route({
      method: 'POST',
      path: '/api/realisation/import',
      access: 'admin',
      summary:
        'Load a sheet of paid orders (SP2D) of a year from the finance system: each SP2D number in it replaces what was stored under that number (loading it again changes nothing); every row checked before anything is written, in one transaction',
      body: Sp2dImportBatch,
      data: Sp2dImportResult,
    }),
    summary: route({
      method: 'GET',
      path: '/api/realisation/summary',
      cached: true,
      access: 'user',
      summary:
        "The year to a month per Perangkat Daerah in the caller's scope, the most lagging first: lines' total, cumulative Anggaran Kas and payments (SP2D), achievement and its level (red below 75 %, yellow below 90 %)",
      query: RealisationSummaryQuery,
      data: RealisationSummary,
    }),
    trend: route({
      method: 'GET',
      path: '/api/realisation/trend',
      cached: true,
      access: 'user',
      summary:
        "A Perangkat Daerah's year month by month (or the caller's whole scope's): running Anggaran Kas and payments (SP2D) and physical progress weighted by money, each against its plan with its level",
      query: RealisationTrendQuery,
      data: RealisationTrend,
    }),
    reason: route({
      method: 'PUT',
      path: '/api/realisation/reason',
      access: 'user',
      summary:
        "The unit's reason for a kode rekening of a sub kegiatan realised above its lines' total (an empty reason withdraws it); refused where the realisation does not exceed the lines",
      body: RealisationReasonInput,
      data: RealisationGrid,
    }),
    recordSp2d: route({
      method: 'PUT',
      path: '/api/realisation/sp2d',
      access: 'user',
      summary:
        'An SP2D the unit records itself (one kode rekening per number; the same number again replaces it), where the region lets units do so; refused in a month sent, verified or closed, and for a number loaded from the finance system',
      body: UnitSp2dInput,
      data: RealisationGrid,
    }),
    deleteSp2d: route({
      method: 'DELETE',
      path: '/api/realisation/sp2d',
      access: 'user',
      summary:
        'Takes back an SP2D the unit recorded, while its month is open to the unit; one loaded from the finance system is refused',
      query: UnitSp2dDelete,
      data: RealisationGrid,
    }),
  },
  monthlyReport: {
    get: route({
      method: 'GET',
      path: '/api/monthly-report',
      cached: true,
      access: 'user',
      summary:
        "A Perangkat Daerah's month (the caller's only unit when left out): its status, due date, each sub kegiatan with lines (money to date against the Anggaran Kas, physical progress against its planned curve, problems and actions) and the unit's totals, progress weighted by money",
      query: MonthlyReportQuery,
      data: MonthlyReport,
    }),
    progress: route({
      method: 'PUT',
      path: '/api/monthly-report/progress',
      access: 'user',
      summary:
        "A sub kegiatan's cumulative physical progress of a month with its problems and actions, while the unit's month is open (a draft or sent back); a decrease from the last reported needs a reason",
      body: PhysicalProgressInput,
      data: MonthlyReportSubAction,
    }),
    copy: route({
      method: 'POST',
      path: '/api/monthly-report/copy-previous',
      access: 'user',
      summary:
        "Fill each sub kegiatan of the unit's open month that has no entry from its last one (progress, problems, actions)",
      body: MonthlyReportKey,
      data: MonthlyReportCopyResult,
    }),
    send: route({
      method: 'POST',
      path: '/api/monthly-report/send',
      access: 'user',
      summary:
        "Send the unit's month ('Kirim'), which locks it: refused (409) while a sub kegiatan's progress is missing or a kode rekening paid above its lines has no reason",
      body: MonthlyReportKey,
      data: MonthlyReport,
    }),
    review: route({
      method: 'POST',
      path: '/api/monthly-report/review',
      access: 'verifier',
      summary:
        'Verify a sent month (frozen), or send it back to the unit with a note; an administrator may also send back a verified or closed month to open it again',
      body: MonthlyReportReview,
      data: MonthlyReport,
    }),
    close: route({
      method: 'POST',
      path: '/api/monthly-report/close',
      access: 'admin',
      summary:
        'Close a month for one Perangkat Daerah, or for every unit with lines that year: frozen whatever its status',
      body: MonthlyReportClose,
      data: MonthlyReportCloseResult,
    }),
    download: route({
      method: 'GET',
      path: '/api/monthly-report/download',
      access: 'user',
      summary:
        "A signed, expiring link to a Perangkat Daerah's month printed as an .xlsx or a PDF: each sub kegiatan's lines, Anggaran Kas and SP2D to date, achievement, physical progress against its plan, deviation, problems and actions, the totals and the unit's signatory",
      query: MonthlyReportDownloadQuery,
      data: ReportDownload,
    }),
    remind: route({
      method: 'POST',
      path: '/api/monthly-report/remind',
      access: 'admin',
      summary:
        "Tell the units whose last due month is not sent, and those whose last month's money fell below the red threshold, each once a month (the server also does it every hour)",
      body: z.object({}).strict(),
      data: MonthlyReminderResult,
    }),
  },
  indicator: {
    list: route({
      method: 'GET',
      path: '/api/indicator',
      access: 'user',
      summary:
        "A sub kegiatan's output indicators of a year (tolok ukur, target, satuan), each with what was achieved per quarter, the cumulative and its share of the target",
      query: IndicatorQuery,
      data: z.array(Indicator),
    }),
    create: route({
      method: 'POST',
      path: '/api/indicator/create',
      access: 'user',
      successStatus: 201,
      summary:
        "Add an output indicator to a sub kegiatan's year; refused where its lines may not be written (scope, a verifier, a lock, the stage). A target may be typed as people do ('1,5')",
      body: IndicatorInput,
      data: Indicator,
    }),
    update: route({
      method: 'PUT',
      path: '/api/indicator/:id/update',
      access: 'user',
      summary:
        "Change an output indicator's tolok ukur, target or satuan, as its lines may be written",
      params: IdParams,
      body: IndicatorFields,
      data: Indicator,
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/indicator/:id/delete',
      access: 'user',
      summary: 'Delete an output indicator with its achievements, as its lines may be written',
      params: IdParams,
      data: z.null(),
    }),
    achievement: route({
      method: 'PUT',
      path: '/api/indicator/achievement',
      access: 'user',
      summary:
        "A sub kegiatan's achievement of a quarter for each of its indicators (null clears one), by its unit, while the monthly report of the quarter's last month (3, 6, 9, 12) is open to the unit",
      body: IndicatorAchievementInput,
      data: z.array(Indicator),
    }),
    evaluation: route({
      method: 'GET',
      path: '/api/indicator/evaluation',
      access: 'user',
      summary:
        "A Perangkat Daerah's evaluation of its Renja up to a quarter (the caller's only unit when left out): per sub kegiatan its pagu, realisation in rupiah per quarter from SP2D and cumulative, and each indicator's target, achievement per quarter, cumulative and share of target",
      query: EvaluationQuery,
      data: Evaluation,
    }),
    download: route({
      method: 'GET',
      path: '/api/indicator/evaluation/download',
      access: 'user',
      summary:
        "A signed, expiring link to the evaluation printed as an .xlsx or a PDF (Permendagri 86/2017 form): grouped by programme and kegiatan, totals in rupiah and the unit's signatory",
      query: EvaluationDownloadQuery,
      data: ReportDownload,
    }),
  },
  priceItem: {
    list: route({
      method: 'GET',
      path: '/api/price-item/list',
      access: 'user',
      summary:
        "A page of a year's standard price catalogue (SSH/SBU/HSPK/ASB): the items usable under a kode rekening, search on code, name and specification",
      query: PriceItemListQuery,
      data: PriceItem,
      list: true,
    }),
    import: route({
      method: 'POST',
      path: '/api/price-item/import',
      access: 'admin',
      summary:
        "Load a year's standard price catalogue in one transaction: items are matched by code, changed ones updated",
      body: PriceItemImportBatch,
      data: PriceItemImportResult,
    }),
    create: route({
      method: 'POST',
      path: '/api/price-item/create',
      access: 'admin',
      successStatus: 201,
      summary:
        "Add one item to a year's catalogue, checked as the import checks a row; a code the year already has is refused",
      body: PriceItemInput,
      data: PriceItem,
    }),
    update: route({
      method: 'PUT',
      path: '/api/price-item/:id/update',
      access: 'admin',
      summary:
        'Change a catalogue item (any field, checked as the import checks a row), mark it open, or retire it: a retired item is no longer offered for new lines, lines priced from it keep it',
      params: IdParams,
      body: PriceItemUpdateInput,
      data: PriceItem,
    }),
    anomalies: route({
      method: 'GET',
      path: '/api/price-item/anomalies',
      access: 'admin',
      summary:
        "A page of a year's price anomalies for review: lines outside the catalogue, prices above a catalogue item's with the reason, and volumes more than ten times the median of their kode rekening that year",
      query: PriceAnomalyQuery,
      data: PriceAnomaly,
      list: true,
    }),
  },
  fundingSource: {
    list: route({
      method: 'GET',
      path: '/api/funding-source/list',
      access: 'user',
      summary:
        "The region's sumber dana in code order, narrowed by kelompok, by the budget year they are in use (active_in), and a search on code and name",
      query: FundingSourceListQuery,
      data: FundingSource,
      list: true,
    }),
    create: route({
      method: 'POST',
      path: '/api/funding-source/create',
      access: 'admin',
      successStatus: 201,
      summary: 'Add a sumber dana; a code another source has is refused',
      body: FundingSourceInput,
      data: FundingSource,
    }),
    update: route({
      method: 'PUT',
      path: '/api/funding-source/:id/update',
      access: 'admin',
      summary:
        'Change a sumber dana (any field); retire it by its last year of use (active_to): lines keep it, new lines of later years cannot take it',
      params: IdParams,
      body: FundingSourceUpdateInput,
      data: FundingSource,
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/funding-source/:id/delete',
      access: 'admin',
      summary: 'Delete a sumber dana no line and no sub kegiatan uses (retire a used one instead)',
      params: IdParams,
      data: z.null(),
    }),
    import: route({
      method: 'POST',
      path: '/api/funding-source/import',
      access: 'admin',
      summary:
        'Load a sheet of sumber dana in one transaction, matched by code: new ones added, changed ones updated',
      body: FundingSourceImportBatch,
      data: FundingSourceImportResult,
    }),
    recap: route({
      method: 'GET',
      path: '/api/funding-source/recap',
      access: 'user',
      summary:
        "A year's totals by sumber dana over the caller's units (or one): per source the sub kegiatan, the ceilings set, the lines' total after PPN and what the ceilings leave; lines without a source last",
      query: FundingRecapQuery,
      data: FundingRecap,
    }),
    recapDownload: route({
      method: 'GET',
      path: '/api/funding-source/recap/download',
      access: 'user',
      summary:
        'A signed, expiring link to the recap by sumber dana printed as an .xlsx or a PDF: grouped by kelompok with subtotals, the share of each source, the signatory',
      query: FundingRecapDownloadQuery,
      data: ReportDownload,
    }),
  },
  subActionFunding: {
    get: route({
      method: 'GET',
      path: '/api/sub-action-funding',
      access: 'user',
      summary:
        "A sub kegiatan's sumber dana for a year: each source it draws on or its lines name, with its ceiling, what is planned from it (after PPN) and what remains, for the line form and the admin",
      query: SubActionFundingQuery,
      data: SubActionFunding,
    }),
    set: route({
      method: 'PUT',
      path: '/api/sub-action-funding',
      access: 'admin',
      summary:
        "Set a sub kegiatan's sumber dana for a year at once: the sources it draws on, an optional ceiling each, and the one that fills new lines",
      body: SubActionFundingInput,
      data: SubActionFunding,
    }),
  },
  location: {
    areas: route({
      method: 'GET',
      path: '/api/area',
      access: 'user',
      summary:
        "Indonesia's administrative areas with their Kemendagri codes (provinces; the regencies, districts or villages under `parent`; or those whose name holds `search`), from the maintained idn-area-data package",
      query: AreaQuery,
      data: z.array(Area),
    }),
    get: route({
      method: 'GET',
      path: '/api/location',
      access: 'user',
      summary:
        "Where a sub kegiatan's work happens: its administrative area (province down to village) and the point, line or polygon marked in WGS84",
      query: SubActionLocationQuery,
      data: SubActionLocationAnswer,
    }),
    set: route({
      method: 'PUT',
      path: '/api/location',
      access: 'user',
      summary:
        "Set where a sub kegiatan's work happens (its unit, or an administrator): an area of any level by its Kemendagri code and optionally a GeoJSON point, line or polygon; the RKA's 'Lokasi' reads it",
      body: SubActionLocationInput,
      data: SubActionLocationAnswer,
    }),
  },
  evidence: {
    list: route({
      method: 'GET',
      path: '/api/evidence',
      access: 'user',
      summary:
        "A sub kegiatan's evidence photos of a year or a month, each with when and where it was taken (from the photo's EXIF, or the phone's position), its distance from the activity's place and its flags",
      query: EvidenceQuery,
      data: z.array(EvidencePhoto),
    }),
    upload: route({
      method: 'POST',
      path: '/api/evidence',
      access: 'user',
      summary:
        "File a photo with a sub kegiatan's month while the month is open to the unit: its EXIF GPS and time are read, then every metadata is stripped from the served copy; flagged (never refused) when taken far away or outside the month. With an Idempotency-Key a re-sent photo is stored once",
      upload: true,
      fields: EvidenceUploadFields,
      data: EvidencePhoto,
      successStatus: 201,
    }),
    remove: route({
      method: 'DELETE',
      path: '/api/evidence',
      access: 'user',
      summary: 'Take back a photo while its month is open to the unit',
      query: EvidenceDelete,
      data: z.null(),
    }),
    map: route({
      method: 'GET',
      path: '/api/evidence/map',
      access: 'user',
      cached: true,
      summary:
        "The caller's sub kegiatan with lines of a year (the region's for Bappeda) with their place, the month's deviation and progress and how many photos and flags they have, filterable by unit, program and source of funds",
      query: EvidenceMapQuery,
      data: EvidenceMap,
    }),
    sheet: route({
      method: 'GET',
      path: '/api/evidence/sheet',
      access: 'user',
      summary:
        "A signed, expiring link to a sub kegiatan's evidence sheet (PDF): its place and each photo with its time, place, progress and flags",
      query: EvidenceSheetQuery,
      data: ReportDownload,
    }),
  },
  upload: {
    file: route({
      method: 'POST',
      path: '/api/upload-file',
      access: 'admin',
      summary:
        'Upload an image (PNG, JPEG, GIF, WebP; 5 MB at most); answers its URL. Without a token only where the server allows anonymous uploads (RANWAL_ANONYMOUS_UPLOADS=1)',
      upload: true,
      anonymousOptIn: true,
      data: UploadResult,
    }),
  },
} as const;

export type Routes = typeof routes;

/** Every route with its group and name, for the server and the OpenAPI document. */
export function listRoutes(): { group: string; name: string; route: RouteDefinition }[] {
  return Object.entries(routes).flatMap(([group, members]) =>
    Object.entries(members as Record<string, RouteDefinition>).map(([name, route]) => ({
      group,
      name,
      route,
    })),
  );
}

export { BASE_PATH } from './base-path.js';

/** Fill `:param` segments of a route path. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}
