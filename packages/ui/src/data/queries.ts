import type {
  AgencyPaguInput,
  AreaQuery,
  ArticleInput,
  ArticleListQuery,
  BudgetLineInput,
  BudgetLineListQuery,
  BudgetSummaryQuery,
  CashPlanInput,
  CashPlanQuery,
  CashPlanStatusQuery,
  CashPlanWorkbookQuery,
  ChildListQuery,
  EvaluationDownloadQuery,
  EvidenceMapQuery,
  EvidenceQuery,
  EvidenceUploadFields,
  FundingRecapDownloadQuery,
  FundingRecapQuery,
  FundingSourceInput,
  FundingSourceListQuery,
  FundingSourceUpdateInput,
  HistoryExportQuery,
  HistoryListQuery,
  IndicatorAchievementInput,
  IndicatorFields,
  IndicatorInput,
  IndicatorQuery,
  ListFilter,
  ManagedEntityKey,
  MonthlyReportClose,
  MonthlyReportDownloadQuery,
  MonthlyReportKey,
  MonthlyReportQuery,
  MonthlyReportReview,
  NoteCloseInput,
  NoteInput,
  NoteListQuery,
  NoteReplyInput,
  NotificationListQuery,
  NotificationReadInput,
  PaguInput,
  PaguListQuery,
  PaguStatusQuery,
  PasswordChangeInput,
  PhysicalProgressInput,
  PlanningPolicyInput,
  PriceAnomalyQuery,
  PriceItemInput,
  PriceItemListQuery,
  PriceItemUpdateInput,
  RanwalClient,
  RealisationQuery,
  RealisationReasonInput,
  RealisationSummaryQuery,
  RealisationTrendQuery,
  ReferenceListQuery,
  ReportDownloadQuery,
  SignerInput,
  SignInInput,
  Sp2dImportBatch,
  StageCompareQuery,
  StageLockInput,
  StageScheduleInput,
  StageWorkbookQuery,
  SubActionFundingInput,
  SubActionFundingQuery,
  SubActionLocationInput,
  SubActionLockInput,
  SubActionLockListQuery,
  SubActionReviewQuery,
  SubActionVerifyInput,
  TaxRecalculationInput,
  TaxRuleSet,
  UnitSp2dDelete,
  UnitSp2dInput,
  UserCreateInput,
  UserListQuery,
  UserUpdateInput,
  WorkScope,
} from '@ranwal/core';
import { scopeOf } from '@ranwal/core';
import {
  keepPreviousData,
  type QueryKey,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type EntityInputOf, entityGroup } from './entity-group.js';
import { useRanwalClient, useSession } from './RanwalProvider.js';

const all = ['ranwal'] as const;
const entities = [...all, 'entity'] as const;
const reports = [...all, 'report'] as const;
const articles = [...all, 'article'] as const;
const users = [...all, 'user'] as const;
const history = [...all, 'history'] as const;
const stages = [...all, 'stage'] as const;
const locks = [...all, 'lock'] as const;
const notifications = [...all, 'notification'] as const;
const verification = [...all, 'verification'] as const;

/** Query keys: each prefix invalidates everything below it. */
export const ranwalKeys = {
  all,
  entities,
  entity: (key: ManagedEntityKey) => [...entities, key] as const,
  entityList: (key: ManagedEntityKey, query: ChildListQuery) =>
    [...entities, key, 'list', query] as const,
  reports,
  reportList: (query: BudgetLineListQuery) => [...reports, 'list', query] as const,
  report: (id: string) => [...reports, 'detail', id] as const,
  /** Under `reports`, so creating or deleting a line refetches the dashboard's sums too. */
  budgetSummary: (query: BudgetSummaryQuery) => [...reports, 'summary', query] as const,
  /** Under `reports` too: what is planned under a pagu moves with every line written. */
  paguStatus: (query: PaguStatusQuery) => [...reports, 'pagu-status', query] as const,
  planningSettings: [...all, 'planning', 'settings'] as const,
  /**
   * Under `reports`: a line or a pagu written in a new year adds it. Stage and catalogue writes
   * name it too.
   */
  planningYears: [...reports, 'years'] as const,
  priceItemList: (query: PriceItemListQuery) => [...all, 'price-item', 'list', query] as const,
  /** Under `reports`: every line written moves the findings. */
  priceAnomalies: (query: PriceAnomalyQuery) => [...reports, 'price-anomalies', query] as const,
  /** Under `reports` too (planned moves with every line): the pagu page and the dashboard's. */
  paguList: (query: PaguListQuery) => [...reports, 'pagu-list', query] as const,
  paguSummary: (year: number) => [...reports, 'pagu-summary', year] as const,
  priceItems: [...all, 'price-item'] as const,
  /** The region's sumber dana (issue 36): the admin's list and the line form's picker. */
  fundingSources: [...all, 'funding-source'] as const,
  fundingSourceList: (query: FundingSourceListQuery) =>
    [...all, 'funding-source', 'list', query] as const,
  /** Under `reports`: what is planned from a source moves with every line written. */
  subActionFunding: (query: SubActionFundingQuery) => [...reports, 'funding', query] as const,
  /** Under `reports`: the year's totals by source move with every line written. */
  fundingRecap: (query: FundingRecapQuery) => [...reports, 'funding-recap', query] as const,
  /** Under `reports`: a line written moves its kode rekening's total, and so the selisih. */
  cashPlan: (query: CashPlanQuery) => [...reports, 'cash-plan', query] as const,
  /** Under the reports: a line or a plan written changes what the realisation is read against. */
  realisation: (query: RealisationQuery) => [...reports, 'realisation', query] as const,
  /** Under `reports`: SP2D, reasons and lines change a unit's month too. */
  monthlyReport: (query: MonthlyReportQuery) => [...reports, 'monthly-report', query] as const,
  /** Kemendagri's areas: the same data for every year and person. */
  areas: (query: AreaQuery) => [...all, 'area', query] as const,
  /** Under `reports`: a sub kegiatan's place and photos (issue 38) go with its month. */
  location: (subActionId: string) => [...reports, 'location', subActionId] as const,
  evidence: (query: EvidenceQuery) => [...reports, 'evidence', query] as const,
  evidenceMap: (query: EvidenceMapQuery) => [...reports, 'evidence-map', query] as const,
  /** Under `reports`: a sub kegiatan's output indicators, written as its lines are (issue 37). */
  indicators: (query: IndicatorQuery) => [...reports, 'indicator', query] as const,
  realisationSummary: (query: RealisationSummaryQuery) =>
    [...reports, 'realisation', 'summary', query] as const,
  realisationTrend: (query: RealisationTrendQuery) =>
    [...reports, 'realisation', 'trend', query] as const,
  /** Under the same: every plan saved or line written may balance a sub kegiatan or not. */
  cashPlanStatus: (query: CashPlanStatusQuery) =>
    [...reports, 'cash-plan', 'status', query] as const,
  planningSigners: [...all, 'planning', 'signers'] as const,
  /** Under `reports`: every line written may be priced off or on its year's rule. */
  taxRecalculation: [...reports, 'tax-recalculation'] as const,
  articles,
  articleList: (query: ArticleListQuery) => [...articles, 'list', query] as const,
  article: (slug: string) => [...articles, 'detail', slug] as const,
  users,
  userList: (query: UserListQuery) => [...users, 'list', query] as const,
  /** Under `users`: a change to a person (their units) reads the signed-in one again. */
  currentUser: [...users, 'me'] as const,
  /** Under `reports`: every write of a line adds to its history. */
  lineHistory: (id: string) => [...reports, 'history', id] as const,
  history,
  historyList: (query: HistoryListQuery) => [...history, 'list', query] as const,
  stages,
  stageList: (year: number) => [...stages, 'list', year] as const,
  stageComparison: (query: StageCompareQuery) => [...stages, 'compare', query] as const,
  locks,
  lockList: (query: SubActionLockListQuery) => [...locks, 'list', query] as const,
  /** The bell's count and list; every verification write invalidates this prefix. */
  notifications,
  notificationList: (query: NotificationListQuery) => [...notifications, 'list', query] as const,
  notificationCount: [...notifications, 'count'] as const,
  /** Notes and the verifier's sub kegiatan: every note written, answered or closed moves both. */
  verification,
  noteList: (query: NoteListQuery) => [...verification, 'notes', query] as const,
  subActionReviews: (query: SubActionReviewQuery) =>
    [...verification, 'sub-actions', query] as const,
};

export interface ReadOptions {
  /** False holds the call back, e.g. a cascade level until its parent is chosen. */
  enabled?: boolean;
}

// --- Reads ---------------------------------------------------------------------------------

/** A page of one hierarchy level or of supporters; `uuid` filters a child level by its parent. */
export function useEntityList<K extends ManagedEntityKey>(
  key: K,
  query: ChildListQuery = {},
  options: ReadOptions = {},
) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.entityList(key, query),
    queryFn: ({ signal }) => entityGroup(client, key).list(query, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/** A page of one level of the national nomenclature (admins pick official codes from it). */
export function useReferenceList(query: ReferenceListQuery, options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: [...all, 'reference', query] as const,
    queryFn: ({ signal }) => client.reference.list(query, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
    // A server without the nomenclature (or a stand-in) answers an error: the picker hides.
    retry: false,
  });
}

/** A page of budget lines (a user gets their own, an admin everyone's). */
export function useBudgetLines(query: BudgetLineListQuery = {}, options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.reportList(query),
    queryFn: ({ signal }) => client.budgetLine.list(query, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/** One budget line; waits while `id` is undefined (no detail dialog open). */
export function useBudgetLine(id: string | undefined) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.report(id ?? ''),
    queryFn: ({ signal }) => client.budgetLine.get(id ?? '', { signal }),
    enabled: id !== undefined,
  });
}

/** A year's budget at a glance (admin only); the previous year's figures stay while another loads. */
export function useBudgetSummary(query: BudgetSummaryQuery = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.budgetSummary(query),
    queryFn: ({ signal }) => client.budgetLine.summary(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * What the line form prices with (the PPN rules by date, whether free-form components are
 * allowed). Rarely changes, so it is read once a session.
 */
export function usePlanningSettings(options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.planningSettings,
    queryFn: ({ signal }) => client.planning.settings({ signal }),
    enabled: options.enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The budget years to choose from and the one screens open on (the year whose stage is
 * running, else the current year): see `useBudgetYear`.
 */
export function usePlanningYears(options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.planningYears,
    queryFn: ({ signal }) => client.planning.years({ signal }),
    enabled: options.enabled,
    placeholderData: keepPreviousData,
    // Asked by every signed-in page: once a minute is enough (this tab's writes refetch it).
    staleTime: 60_000,
  });
}

/**
 * A sub kegiatan's pagu for a year with its chain's (pagu, planned, remaining); `line_id` leaves
 * the edited line out of what is planned. Waits while `query` is undefined (no sub kegiatan).
 */
export function usePaguStatus(query: PaguStatusQuery | undefined) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.paguStatus(query ?? { sub_action_id: '', year: 0 }),
    queryFn: ({ signal }) => client.pagu.status(query, { signal }),
    enabled: query !== undefined,
  });
}

/** A page of a year's standard price catalogue, under a kode rekening, matching a search. */
export function usePriceItems(query: PriceItemListQuery, options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.priceItemList(query),
    queryFn: ({ signal }) => client.priceItem.list(query, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/** A page of the region's sumber dana (anyone signed in: the line form offers them). */
export function useFundingSources(query: FundingSourceListQuery, options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.fundingSourceList(query),
    queryFn: ({ signal }) => client.fundingSource.list(query, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/** A sub kegiatan's sources for a year, with their ceilings and what is planned from each. */
export function useSubActionFunding(query: SubActionFundingQuery, options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.subActionFunding(query),
    queryFn: ({ signal }) => client.subActionFunding.get(query, { signal }),
    enabled: options.enabled,
  });
}

/** A year's totals by sumber dana over the caller's units (or one), for the dashboards. */
export function useFundingRecap(query: FundingRecapQuery) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.fundingRecap(query),
    queryFn: ({ signal }) => client.fundingSource.recap(query, { signal }),
  });
}

/** A sub kegiatan's Anggaran Kas of a year: per kode rekening, its lines, months and selisih. */
export function useCashPlan(query: CashPlanQuery, options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.cashPlan(query),
    queryFn: ({ signal }) => client.cashPlan.get(query, { signal }),
    enabled: options.enabled,
  });
}

/** A sub kegiatan's realisation of a year against its Anggaran Kas (issue 37). */
export function useRealisation(query: RealisationQuery, options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.realisation(query),
    queryFn: ({ signal }) => client.realisation.get(query, { signal }),
    enabled: options.enabled,
  });
}

/** Each Perangkat Daerah's realisation of a year up to a month (issue 37). */
export function useRealisationSummary(query: RealisationSummaryQuery, options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.realisationSummary(query),
    queryFn: ({ signal }) => client.realisation.summary(query, { signal }),
    enabled: options.enabled,
  });
}

/** A unit's (or the caller's whole scope's) year month by month: the trend chart (issue 37). */
export function useRealisationTrend(query: RealisationTrendQuery) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.realisationTrend(query),
    queryFn: ({ signal }) => client.realisation.trend(query, { signal }),
  });
}

/** A Perangkat Daerah's month of the monthly cycle (issue 37). */
export function useMonthlyReport(query: MonthlyReportQuery, options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.monthlyReport(query),
    queryFn: ({ signal }) => client.monthlyReport.get(query, { signal }),
    enabled: options.enabled,
  });
}

/** A sub kegiatan's output indicators of a year, with their quarterly achievement (issue 37). */
export function useIndicators(query: IndicatorQuery, options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.indicators(query),
    queryFn: ({ signal }) => client.indicator.list(query, { signal }),
    enabled: options.enabled,
  });
}

/** A year's sub kegiatan whose Anggaran Kas does not balance their lines, and the region's rule. */
export function useCashPlanStatus(query: CashPlanStatusQuery) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.cashPlanStatus(query),
    queryFn: ({ signal }) => client.cashPlan.status(query, { signal }),
  });
}

/** A page of a year's price anomalies: free-form lines, prices above the catalogue, volumes (admin only). */
export function usePriceAnomalies(query: PriceAnomalyQuery) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.priceAnomalies(query),
    queryFn: ({ signal }) => client.priceItem.anomalies(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of a year's sub kegiatan with their pagu, planned and remaining (admin only). */
export function usePaguList(query: PaguListQuery) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.paguList(query),
    queryFn: ({ signal }) => client.pagu.list(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Pagu, planned and remaining per Perangkat Daerah and per programme for a year (admin only). */
export function usePaguSummary(year: number) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.paguSummary(year),
    queryFn: ({ signal }) => client.pagu.summary({ year }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Who signs the RKA of each Perangkat Daerah and of the region. */
export function usePlanningSigners() {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.planningSigners,
    queryFn: ({ signal }) => client.planning.signers({ signal }),
  });
}

/** A page of articles: published ones, or all for an admin. */
export function useArticles(query: ArticleListQuery = {}, options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    ...articleListQuery(client, query),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/**
 * The key and call of `useArticles`, for filling a QueryClient ahead of rendering (the server
 * renders the public pages with their data already in the cache).
 */
export const articleListQuery = (client: RanwalClient, query: ArticleListQuery = {}) =>
  queryOptions({
    queryKey: ranwalKeys.articleList(query),
    queryFn: ({ signal }) => client.article.list(query, { signal }),
  });

/** One article by slug; waits while `slug` is undefined. A public read counts a view. */
export function useArticle(slug: string | undefined) {
  const client = useRanwalClient();
  return useQuery({ ...articleQuery(client, slug ?? ''), enabled: slug !== undefined });
}

/** The key and call of `useArticle`, for filling a QueryClient ahead of rendering. */
export const articleQuery = (client: RanwalClient, slug: string) =>
  queryOptions({
    queryKey: ranwalKeys.article(slug),
    queryFn: ({ signal }) => client.article.get(slug, { signal }),
  });

/** A page of users (admin only). */
export function useUsers(query: UserListQuery = {}, options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.userList(query),
    queryFn: ({ signal }) => client.user.list(query, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/**
 * The signed-in person as the server knows them now, with their units (`agency_ids`), which
 * the stored session does not carry.
 */
export function useCurrentUser(options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.currentUser,
    queryFn: ({ signal }) => client.user.me({ signal }),
    enabled: options.enabled,
  });
}

/**
 * The programmes the signed-in person reaches (core's scopeOf): every one (an admin), their
 * units', or only those without a unit (a person without one). The server answers and accepts
 * nothing outside them; undefined while the person is being read.
 */
export function useReachedProgrammes(): WorkScope['programmes'] | undefined {
  const me = useCurrentUser();
  if (me.isPending) return undefined;
  return me.data ? scopeOf(me.data.data).programmes : 'all';
}

/**
 * Whether a 'Perangkat Daerah' filter is a choice for the signed-in person: an admin's is, and
 * a person's with more than one unit; a person with one unit (or none) reaches nothing another
 * unit would show. Until their units are read the session's role answers (an admin at once,
 * anyone else not yet), so the filter does not show and then go for most people.
 */
export function useChoosesUnit(): boolean {
  const role = useSession()?.userRole;
  const reached = useReachedProgrammes();
  if (reached === undefined) return role === undefined || role === 'admin';
  if (reached === 'all') return true;
  return reached !== 'unitless' && reached.length > 1;
}

/** Changes of a line's history a page brings (the API's largest page). */
export const LINE_HISTORY_PAGE = 100;

/**
 * One budget line's changes, oldest first, a page at a time (`fetchNextPage` brings the next);
 * waits while `id` is undefined.
 */
export function useLineHistory(id: string | undefined) {
  const client = useRanwalClient();
  return useInfiniteQuery({
    queryKey: ranwalKeys.lineHistory(id ?? ''),
    queryFn: ({ signal, pageParam }) =>
      client.history.line(id ?? '', { page: pageParam, limit: LINE_HISTORY_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: id !== undefined,
  });
}

/** The page after a list's answer, or none after its last. */
export function nextPageOf(last: { filter: ListFilter }): number | undefined {
  const { current_page, total_page } = last.filter;
  return current_page < total_page ? current_page + 1 : undefined;
}

/** A page of every recorded change, newest first, narrowed by kind, person and dates (admin only). */
export function useHistoryList(query: HistoryListQuery) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.historyList(query),
    queryFn: ({ signal }) => client.history.list(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A budget year's stages in order, with their dates, status and lock. */
export function useStages(year: number) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.stageList(year),
    queryFn: ({ signal }) => client.stage.list({ year }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The stages of each of several years (the years of the lines a list shows), by year once each
 * has loaded; shares `useStages`' cache.
 */
export function useStagesOfYears(years: readonly number[]) {
  const client = useRanwalClient();
  return useQueries({
    queries: years.map((year) => ({
      queryKey: ranwalKeys.stageList(year),
      queryFn: ({ signal }: { signal: AbortSignal }) => client.stage.list({ year }, { signal }),
    })),
    combine: (results) =>
      new Map(
        results.flatMap((result, index) =>
          result.data ? [[years[index]!, result.data.data] as const] : [],
        ),
      ),
  });
}

/** A page of a year's sub kegiatan locks, locked or unlocked since (admin only). */
export function useSubActionLocks(query: SubActionLockListQuery) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.lockList(query),
    queryFn: ({ signal }) => client.lock.list(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Two stages of a year compared (admin only); waits while `query` is undefined. */
export function useStageComparison(query: StageCompareQuery | undefined) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.stageComparison(query ?? { year: 0, from: 'ranwal', to: 'ranwal' }),
    queryFn: ({ signal }) => client.stage.compare(query as StageCompareQuery, { signal }),
    enabled: query !== undefined,
  });
}

/** How often the bell asks for the unread count (and again whenever the window regains focus). */
export const NOTIFICATION_REFRESH_MS = 60_000;

/** How many of the signed-in person's notifications are unread. */
export function useNotificationCount(options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.notificationCount,
    queryFn: ({ signal }) => client.notification.count({ signal }),
    refetchInterval: NOTIFICATION_REFRESH_MS,
    refetchOnWindowFocus: true,
    enabled: options.enabled,
  });
}

/** The signed-in person's latest notifications, newest first; waits until the bell opens. */
export function useNotifications(query: NotificationListQuery = {}, options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.notificationList(query),
    queryFn: ({ signal }) => client.notification.list(query, { signal }),
    enabled: options.enabled,
  });
}

/** Verification notes with their answers, newest first, as the caller may see them. */
export function useVerificationNotes(query: NoteListQuery, options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.noteList(query),
    queryFn: ({ signal }) => client.verification.notes(query, { signal }),
    enabled: options.enabled,
  });
}

/** A page of a year's sub kegiatan as a verifier works through them (verifiers and admins). */
export function useSubActionReviews(query: SubActionReviewQuery) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.subActionReviews(query),
    queryFn: ({ signal }) => client.verification.subActions(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

// --- Writes --------------------------------------------------------------------------------

/**
 * A call through the client that, once it succeeds, refetches what it changed. The mutation
 * stays pending until those reads are fresh, so a screen's list never shows the old rows.
 */
function useClientMutation<Variables, Result>(
  call: (client: RanwalClient, variables: Variables) => Promise<Result>,
  changes: readonly QueryKey[],
) {
  const client = useRanwalClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => call(client, variables),
    onSuccess: () =>
      Promise.all(changes.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useCreateEntity = <K extends ManagedEntityKey>(key: K) =>
  useClientMutation(
    (client, body: EntityInputOf<K>) => entityGroup(client, key).create(body),
    [ranwalKeys.entity(key)],
  );

/** A rename shows in child rows' `{parent}_name` and in budget lines, so those refetch too. */
export const useUpdateEntity = <K extends ManagedEntityKey>(key: K) =>
  useClientMutation(
    (client, { id, body }: { id: string; body: EntityInputOf<K> }) =>
      entityGroup(client, key).update(id, body),
    [ranwalKeys.entities, ranwalKeys.reports],
  );

export const useDeleteEntity = <K extends ManagedEntityKey>(key: K) =>
  useClientMutation(
    (client, id: string) => entityGroup(client, key).delete(id),
    [ranwalKeys.entity(key)],
  );

/** Creates a budget line; each submission carries its own Idempotency-Key (see docs/server.md). */
export const useCreateBudgetLine = () =>
  useClientMutation(
    (client, body: BudgetLineInput) =>
      client.budgetLine.create(body, { idempotencyKey: crypto.randomUUID() }),
    [ranwalKeys.reports],
  );

/** Edits a budget line (a user their own, an admin any); the server prices it again. */
export const useUpdateBudgetLine = () =>
  useClientMutation(
    (client, { id, body }: { id: string; body: BudgetLineInput }) =>
      client.budgetLine.update(id, body),
    [ranwalKeys.reports],
  );

export const useDeleteBudgetLine = () =>
  useClientMutation((client, id: string) => client.budgetLine.delete(id), [ranwalKeys.reports]);

export const useCreateArticle = () =>
  useClientMutation(
    (client, body: ArticleInput) => client.article.create(body),
    [ranwalKeys.articles],
  );

export const useUpdateArticle = () =>
  useClientMutation(
    (client, { slug, body }: { slug: string; body: ArticleInput }) =>
      client.article.update(slug, body),
    [ranwalKeys.articles],
  );

export const useDeleteArticle = () =>
  useClientMutation((client, slug: string) => client.article.delete(slug), [ranwalKeys.articles]);

/** Uploads a cover image; `data.path` is its URL. */
export const useUploadImage = () =>
  useClientMutation((client, file: Blob) => client.upload.file(file), []);

/** A downloaded file and the name to save it under. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file behind a signed link the server handed out, under its name (else `fallback`). */
async function fetchLinked(
  client: RanwalClient,
  link: { path: string; originalName: string },
  fallback: string,
): Promise<DownloadedFile> {
  const response = await client.fetchFile(link.path);
  return { blob: await response.blob(), fileName: link.originalName || fallback };
}

/** Asks for the year's report link (its layout and format too), then fetches the file behind it. */
export const useDownloadReport = () =>
  useClientMutation(async (client, query: ReportDownloadQuery): Promise<DownloadedFile> => {
    const { data } = await client.budgetLine.report(query);
    // The spec's fallback name when the server names none (report.xlsx), of the format asked for.
    return fetchLinked(client, data, `report.${query.format ?? 'xlsx'}`);
  }, []);

/** The Riwayat Perubahan page's changes under its filters, as a workbook. */
export const useDownloadHistory = () =>
  useClientMutation(
    async (client, query: HistoryExportQuery) =>
      fetchLinked(client, (await client.history.export(query)).data, 'riwayat-perubahan.xlsx'),
    [],
  );

/** A year's Anggaran Kas printed, as a workbook (the caller's units, or one). */
export const useDownloadCashPlanWorkbook = () =>
  useClientMutation(
    async (client, query: CashPlanWorkbookQuery) =>
      fetchLinked(
        client,
        (await client.cashPlan.workbook(query)).data,
        `anggaran-kas.${query.format ?? 'xlsx'}`,
      ),
    [],
  );

/** The recap by sumber dana printed, as a workbook or a PDF. */
export const useDownloadFundingRecap = () =>
  useClientMutation(
    async (client, query: FundingRecapDownloadQuery) =>
      fetchLinked(
        client,
        (await client.fundingSource.recapDownload(query)).data,
        `rekap-sumber-dana.${query.format ?? 'xlsx'}`,
      ),
    [],
  );

/** A unit's month printed (issue 37), as a workbook or a PDF. */
export const useDownloadMonthlyReport = () =>
  useClientMutation(
    async (client, query: MonthlyReportDownloadQuery) =>
      fetchLinked(
        client,
        (await client.monthlyReport.download(query)).data,
        `laporan-bulanan.${query.format ?? 'xlsx'}`,
      ),
    [],
  );

/** A unit's evaluation of its Renja to a quarter printed (issue 37), as a workbook or a PDF. */
export const useDownloadEvaluation = () =>
  useClientMutation(
    async (client, query: EvaluationDownloadQuery) =>
      fetchLinked(
        client,
        (await client.indicator.download(query)).data,
        `evaluasi-renja.${query.format ?? 'xlsx'}`,
      ),
    [],
  );

/** Two stages compared, as a workbook. */
export const useDownloadStageComparison = () =>
  useClientMutation(
    async (client, query: StageWorkbookQuery) =>
      fetchLinked(
        client,
        (await client.stage.compareWorkbook(query)).data,
        'perbandingan-tahap.xlsx',
      ),
    [],
  );

export const useCreateUser = () =>
  useClientMutation(
    (client, body: UserCreateInput) => client.user.create(body),
    [ranwalKeys.users],
  );

export const useUpdateUser = () =>
  useClientMutation(
    (client, { id, body }: { id: string; body: UserUpdateInput }) => client.user.update(id, body),
    [ranwalKeys.users],
  );

export const useDeleteUser = () =>
  useClientMutation((client, id: string) => client.user.delete(id), [ranwalKeys.users]);

/** An admin sets another person's password; their sessions end on the server. */
export const useSetPassword = () =>
  useClientMutation(
    (client, { id, password }: { id: string; password: string }) =>
      client.user.setPassword(id, { password }),
    [],
  );

/** The signed-in person changes their password; answers their new session (token included). */
export const useChangePassword = () =>
  useClientMutation((client, body: PasswordChangeInput) => client.user.changePassword(body), []);

/** Where a pagu shows: the pagu page, the dashboard's panel and the line form's panel. */
const paguReads = [
  [...reports, 'pagu-list'],
  [...reports, 'pagu-summary'],
  [...reports, 'pagu-status'],
  ranwalKeys.planningYears,
] as const;

/** Sets a sub kegiatan's pagu for a year (and whether lines may go over it, with the reason). */
export const useSetPagu = () =>
  useClientMutation((client, body: PaguInput) => client.pagu.set(body), paguReads);

/** Sets a Perangkat Daerah's pagu for a year. */
export const useSetAgencyPagu = () =>
  useClientMutation((client, body: AgencyPaguInput) => client.pagu.setAgency(body), paguReads);

/** Marks a catalogue item open (lines may go above its price) or not. */
export const useUpdatePriceItem = () =>
  useClientMutation(
    (client, { id, body }: { id: string; body: PriceItemUpdateInput }) =>
      client.priceItem.update(id, body),
    [ranwalKeys.priceItems],
  );

/** Adds one item to a year's catalogue (issue 33). */
export const useCreatePriceItem = () =>
  useClientMutation(
    (client, body: PriceItemInput) => client.priceItem.create(body),
    [ranwalKeys.priceItems],
  );

/** Adds a sumber dana (issue 36). */
export const useCreateFundingSource = () =>
  useClientMutation(
    (client, body: FundingSourceInput) => client.fundingSource.create(body),
    [ranwalKeys.fundingSources],
  );

/** Changes a sumber dana: any field, or its years (retiring it). */
export const useUpdateFundingSource = () =>
  useClientMutation(
    (client, { id, body }: { id: string; body: FundingSourceUpdateInput }) =>
      client.fundingSource.update(id, body),
    [ranwalKeys.fundingSources],
  );

/** Sets a sub kegiatan's sources for a year at once (admin). */
export const useSetSubActionFunding = () =>
  useClientMutation(
    (client, body: SubActionFundingInput) => client.subActionFunding.set(body),
    [[...reports, 'funding'], ranwalKeys.fundingSources],
  );

/** Saves a sub kegiatan's whole Anggaran Kas of a year. */
export const useSetCashPlan = () =>
  useClientMutation(
    (client, body: CashPlanInput) => client.cashPlan.set(body),
    [[...reports, 'cash-plan']],
  );

/** The unit's reason for a kode rekening paid above its lines (issue 37). */
export const useSetRealisationReason = () =>
  useClientMutation(
    (client, body: RealisationReasonInput) => client.realisation.reason(body),
    // A reason given lets the unit's month be sent: the monthly report reads again too.
    monthlyCycle,
  );

/** Records (or corrects) an SP2D of the unit's: the month's figures read again too. */
export const useRecordSp2d = () =>
  useClientMutation(
    (client, body: UnitSp2dInput) => client.realisation.recordSp2d(body),
    monthlyCycle,
  );

/** Takes back an SP2D the unit recorded. */
export const useDeleteSp2d = () =>
  useClientMutation(
    (client, query: UnitSp2dDelete) => client.realisation.deleteSp2d(query),
    monthlyCycle,
  );

/** Deletes a sumber dana nothing uses. */
export const useDeleteFundingSource = () =>
  useClientMutation(
    (client, id: string) => client.fundingSource.delete(id),
    [ranwalKeys.fundingSources],
  );

/** Sets the region's planning rules (whether lines need a pagu); the pagu panels read it. */
export const useSetPlanningPolicy = () =>
  useClientMutation(
    (client, body: PlanningPolicyInput) => client.planning.policy(body),
    [ranwalKeys.planningSettings, ranwalKeys.reports],
  );

/** Replaces the PPN rules; lines written from then on are priced with them. */
export const useSetTaxRules = () =>
  useClientMutation(
    (client, body: TaxRuleSet) => client.planning.taxRules(body),
    [ranwalKeys.planningSettings, ranwalKeys.taxRecalculation],
  );

/**
 * What recalculating PPN would change, per year (admin only): the lines whose PPN is not their
 * year's rule now, with their totals before and after.
 */
export function useTaxRecalculation(options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.taxRecalculation,
    queryFn: ({ signal }) => client.planning.taxRecalculation({}, { signal }),
    enabled: options.enabled,
  });
}

/** Reprices a year's lines with its PPN rule now; the lines and the preview refetch. */
export const useRecalculateTax = () =>
  useClientMutation(
    (client, body: TaxRecalculationInput) => client.planning.recalculateTax(body),
    [ranwalKeys.reports],
  );

/** Sets who signs a Perangkat Daerah's RKA (or the region's). */
export const useSetSigner = () =>
  useClientMutation(
    (client, body: SignerInput) => client.planning.setSigner(body),
    [ranwalKeys.planningSigners],
  );

/** Brings a budget line back to a recorded version; the restore is itself a change. */
export const useRestoreChange = () =>
  useClientMutation(
    (client, changeId: number) => client.history.restore({ change_id: changeId }),
    [ranwalKeys.reports, ranwalKeys.history],
  );

/** Sets a budget year's stages and their dates, in order. */
export const useScheduleStages = () =>
  useClientMutation(
    (client, body: StageScheduleInput) => client.stage.schedule(body),
    [ranwalKeys.stages, ranwalKeys.planningYears],
  );

/** Closes the year's current stage (its lines kept as its figures) and enters the next. */
export const useAdvanceStage = () =>
  useClientMutation(
    (client, body: { year: number; confirm?: boolean }) => client.stage.advance(body),
    [ranwalKeys.stages, ranwalKeys.planningYears],
  );

/** Locks or unlocks the year's current stage; unlocking needs a reason. */
export const useLockStage = () =>
  useClientMutation((client, body: StageLockInput) => client.stage.lock(body), [ranwalKeys.stages]);

/** Locks or unlocks a sub kegiatan's lines of a year; unlocking needs a reason (the history keeps it). */
export const useSetSubActionLock = () =>
  useClientMutation(
    (client, body: SubActionLockInput) => client.lock.set(body),
    [ranwalKeys.locks, ranwalKeys.history],
  );

/** Marks the named notifications read, or all of one's own (no ids). */
export const useMarkNotificationsRead = () =>
  useClientMutation(
    (client, body: NotificationReadInput) => client.notification.read(body),
    [ranwalKeys.notifications],
  );

/** What a verification write moves: the notes, the sub kegiatan's counts and the bell. */
const verificationReads = [ranwalKeys.verification, ranwalKeys.notifications] as const;

/** Writes a note on a line or on a sub kegiatan of a year (verifiers and admins). */
export const useCreateNote = () =>
  useClientMutation(
    (client, body: NoteInput) => client.verification.create(body),
    verificationReads,
  );

/** Answers a note (the unit) or follows it up (a verifier). */
export const useReplyNote = () =>
  useClientMutation(
    (client, { id, body }: { id: string; body: NoteReplyInput }) =>
      client.verification.reply(id, body),
    verificationReads,
  );

/** Closes a note, or opens it again. */
export const useCloseNote = () =>
  useClientMutation(
    (client, { id, body }: { id: string; body: NoteCloseInput }) =>
      client.verification.close(id, body),
    verificationReads,
  );

/** Marks a sub kegiatan of a year verified (refused while a note is open), or not. */
export const useVerifySubAction = () =>
  useClientMutation(
    (client, body: SubActionVerifyInput) => client.verification.verify(body),
    verificationReads,
  );

/** Signs in; what was cached belonged to the previous user, so it is dropped. */
export function useSignIn() {
  const client = useRanwalClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInInput) => client.user.signIn(body),
    onSuccess: () => queryClient.removeQueries({ queryKey: ranwalKeys.all }),
  });
}

/** Each step of the monthly cycle changes the month and the units' dashboard (issue 37). */
const monthlyCycle = [
  [...reports, 'monthly-report'],
  [...reports, 'realisation'],
] as const;

/**
 * Checks (`dry_run`) or loads a sheet of SP2D (admin): a load changes every unit's realisation
 * and month; a check changes nothing, so nothing reads again.
 */
export function useImportSp2d() {
  const client = useRanwalClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batch: Sp2dImportBatch) => client.realisation.import(batch),
    onSuccess: (_result, batch) =>
      batch.dry_run
        ? undefined
        : Promise.all(monthlyCycle.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useSetPhysicalProgress = () =>
  useClientMutation(
    (client, body: PhysicalProgressInput) => client.monthlyReport.progress(body),
    monthlyCycle,
  );

export const useCopyPreviousMonth = () =>
  useClientMutation(
    (client, body: MonthlyReportKey) => client.monthlyReport.copy(body),
    monthlyCycle,
  );

export const useSendMonthlyReport = () =>
  useClientMutation(
    (client, body: MonthlyReportKey) => client.monthlyReport.send(body),
    monthlyCycle,
  );

export const useReviewMonthlyReport = () =>
  useClientMutation(
    (client, body: MonthlyReportReview) => client.monthlyReport.review(body),
    monthlyCycle,
  );

export const useCloseMonthlyReport = () =>
  useClientMutation(
    (client, body: MonthlyReportClose) => client.monthlyReport.close(body),
    monthlyCycle,
  );

/** What an indicator's write moves: the sub kegiatan's indicators and the history. */
const indicatorReads = [[...reports, 'indicator'], ranwalKeys.history] as const;

export const useCreateIndicator = () =>
  useClientMutation(
    (client, body: IndicatorInput) => client.indicator.create(body),
    indicatorReads,
  );

export const useUpdateIndicator = () =>
  useClientMutation(
    (client, { id, body }: { id: string; body: IndicatorFields }) =>
      client.indicator.update(id, body),
    indicatorReads,
  );

export const useDeleteIndicator = () =>
  useClientMutation((client, id: string) => client.indicator.delete(id), indicatorReads);

/** A sub kegiatan's quarter of achievement, every indicator at once. */
export const useSetIndicatorAchievements = () =>
  useClientMutation(
    (client, body: IndicatorAchievementInput) => client.indicator.achievement(body),
    indicatorReads,
  );

// --- Evidence from the field (issue 38) -----------------------------------------------------

/** Kemendagri's areas under a parent (provinces without one), or those matching a name. */
export function useAreas(query: AreaQuery, options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.areas(query),
    queryFn: ({ signal }) => client.location.areas(query, { signal }),
    enabled: options.enabled,
    // Kemendagri's list changes with a regulation, not within a session.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Where a sub kegiatan's work happens. */
export function useSubActionLocation(subActionId: string, options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.location(subActionId),
    queryFn: ({ signal }) => client.location.get({ sub_action_id: subActionId }, { signal }),
    enabled: options.enabled,
  });
}

const evidenceKeys = [
  [...reports, 'location'],
  [...reports, 'evidence'],
  [...reports, 'evidence-map'],
] as const;

/** Sets a sub kegiatan's place: its photos' distances and the map read again. */
export const useSetSubActionLocation = () =>
  useClientMutation(
    (client, body: SubActionLocationInput) => client.location.set(body),
    evidenceKeys,
  );

/** A sub kegiatan's photos of a year or a month, each with its time, place and flags. */
export function useEvidence(query: EvidenceQuery, options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.evidence(query),
    queryFn: ({ signal }) => client.evidence.list(query, { signal }),
    enabled: options.enabled,
  });
}

/** Files a photo with a sub kegiatan's month; `key` makes a re-send the same photo. */
export const useUploadEvidence = () =>
  useClientMutation(
    (client, input: { file: Blob; fields: EvidenceUploadFields; key?: string }) =>
      client.evidence.upload(
        input.file,
        input.fields,
        undefined,
        input.key ? { idempotencyKey: input.key } : {},
      ),
    evidenceKeys,
  );

/** Takes back a photo while its month is open. */
export const useRemoveEvidence = () =>
  useClientMutation((client, id: string) => client.evidence.remove({ id }), evidenceKeys);

/** The region's (or the caller's units') sub kegiatan of a month on the map. */
export function useEvidenceMap(query: EvidenceMapQuery, options: ReadOptions = {}) {
  const client = useRanwalClient();
  return useQuery({
    queryKey: ranwalKeys.evidenceMap(query),
    queryFn: ({ signal }) => client.evidence.map(query, { signal }),
    // A new filter keeps the map (its view, its list) until the new answer arrives.
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/** A sub kegiatan's evidence sheet printed (PDF). */
export const useDownloadEvidenceSheet = () =>
  useClientMutation(
    async (client, query: EvidenceQuery) =>
      fetchLinked(client, (await client.evidence.sheet(query)).data, 'foto-bukti.pdf'),
    [],
  );
