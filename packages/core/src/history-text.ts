import { formatNumberId, formatRupiah } from './format.js';
import type { HistoryEntry } from './history.js';
import { quarterNumeral } from './indicators.js';
import type { Messages } from './messages/index.js';
import { monthName } from './monthly-report.js';

/*
 * A recorded change read as a person reads it: which fields changed, named by the labels the
 * screens already use, with money in rupiah. One place, for a line's history and the admin page.
 */

/** Columns that say when and by whom, not what changed (the entry itself says that). */
const bookkeeping: ReadonlySet<string> = new Set([
  'id',
  'created_at',
  'updated_at',
  'updated_by',
  'changed_at',
  'changed_by',
  // Who locked a stage: an account id, and the entry already says who changed it.
  'locked_by',
  // A photo's stored copy and its size: the photo itself is what the screens show.
  'upload_id',
  'width',
  'height',
]);
const moneyFields: ReadonlySet<string> = new Set([
  'price',
  'total_price',
  'tax',
  'total_after_tax',
  'amount',
  'ceiling',
  // Anggaran Kas (issue 36).
  ...Array.from({ length: 12 }, (_, index) => `month_${index + 1}`),
]);
const volumeFields: ReadonlySet<string> = new Set([
  'first_volume',
  'second_volume',
  'third_volume',
]);

/** Each recorded column's label, in the order a change lists them. */
function fieldLabels(messages: Messages): Record<string, string> {
  const line = messages.reports.fields;
  const own = messages.history.fields;
  const levels = messages.levels;
  return {
    name: own.name,
    code: own.code,
    component_code: line.componentCode,
    component_name: line.componentName,
    specification: line.specification,
    kind: own.kind,
    unit: line.unit,
    price: line.price,
    first_volume: line.firstVolume,
    first_volume_unit: own.volumeUnit(1),
    second_volume: line.secondVolume,
    second_volume_unit: own.volumeUnit(2),
    third_volume: line.thirdVolume,
    third_volume_unit: own.volumeUnit(3),
    total_price: line.totalPrice,
    tax: line.tax,
    total_after_tax: line.totalAfterTax,
    tax_rate: own.taxRate,
    tax_base_numerator: own.taxBaseNumerator,
    tax_base_denominator: own.taxBaseDenominator,
    is_taxed: own.isTaxed,
    amount: own.amount,
    allow_overrun: own.allowOverrun,
    overrun_reason: own.overrunReason,
    open: own.open,
    retired: own.retired,
    locked: own.locked,
    reason: own.reason,
    lock_reason: own.lockReason,
    locked_by: own.lockedBy,
    starts_on: own.startsOn,
    ends_on: own.endsOn,
    status: own.stageStatus,
    position: own.position,
    account_codes: own.accountCodes,
    price_item_id: own.priceItem,
    year: line.year,
    agency_id: levels.agency.label,
    program_id: levels.program.label,
    action_id: levels.action.label,
    sub_action_id: levels.sub_action.label,
    activity_id: levels.activity.label,
    subtitle_id: levels.subtitle.label,
    account_id: levels.account.label,
    supporter_id: line.supporter,
    created_by: own.createdBy,
    // The settings (issue 34).
    effective_from: own.effectiveFrom,
    rate: own.taxRate,
    base_numerator: own.taxBaseNumerator,
    base_denominator: own.taxBaseDenominator,
    place: own.place,
    nip: own.nip,
    email: own.email,
    role: own.role,
    user_id: own.user,
    lines_need_pagu: own.linesNeedPagu,
    // Sumber dana (issue 36).
    funding_source_id: own.fundingSource,
    funding_group: own.fundingGroup,
    active_from: own.activeFrom,
    active_to: own.activeTo,
    ceiling: own.fundingCeiling,
    is_default: own.fundingDefault,
    lines_need_funding_source: own.linesNeedFundingSource,
    cash_plan_required: own.cashPlanRequired,
    account_code: own.accountCode,
    // Output indicators and their achievement (issue 37).
    description: messages.indicators.columns.description,
    target: messages.indicators.columns.target,
    quarter: own.quarter,
    achievement: own.achievement,
    // Evidence from the field (issue 38).
    area_code: messages.location.area,
    geometry: own.mapMark,
    month: own.reportMonth,
    caption: own.caption,
    taken_at: own.takenAt,
    time_source: own.timeSource,
    latitude: messages.location.dialog.latitude,
    longitude: messages.location.dialog.longitude,
    place_source: own.placeSource,
    accuracy_m: own.accuracy,
    ...Object.fromEntries(
      Array.from({ length: 12 }, (_, index) => [`month_${index + 1}`, own.month(index + 1)]),
    ),
  };
}

/** Labels a kind of record gives a column of another meaning (a signatory's position). */
function recordFieldLabels(
  recordType: string | undefined,
  messages: Messages,
): Record<string, string> {
  const labels = fieldLabels(messages);
  return recordType === 'rka_signer'
    ? { ...labels, position: messages.history.fields.signerPosition }
    : labels;
}

/** A recorded column's label ('price' is 'Harga'); a column without one reads as its name. */
export const fieldLabel = (field: string, messages: Messages, recordType?: string): string =>
  recordFieldLabels(recordType, messages)[field] ?? field;

/** Whole rupiah as 'Rp 1.500'; an amount PostgreSQL wrote as decimal text is read as such. */
function rupiahText(value: unknown): string {
  if (typeof value === 'number') return formatRupiah(value);
  const text = String(value);
  if (/^-?\d+$/.test(text)) return formatRupiah(text);
  const amount = Number(text);
  return Number.isFinite(amount) ? formatRupiah(amount) : text;
}

/**
 * One recorded value as the screens show it; an empty one reads '-', an id the record's name
 * when `names` (the entry's reference_names) has it.
 */
export function historyValueText(
  field: string,
  value: unknown,
  messages: Messages,
  names?: Readonly<Record<string, string>>,
): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'string' && names?.[value] !== undefined) return names[value];
  if (typeof value === 'boolean') return value ? messages.history.yes : messages.history.no;
  // A stage's status and kind as the Tahap Anggaran page names them.
  if (field === 'status' && typeof value === 'string' && value in messages.stages.statuses) {
    return messages.stages.statuses[value as keyof Messages['stages']['statuses']];
  }
  if (field === 'kind' && typeof value === 'string' && value in messages.server.stageNames) {
    return messages.server.stageNames[value as keyof Messages['server']['stageNames']];
  }
  // A person's role as User Management names it.
  if (field === 'role' && typeof value === 'string' && value in messages.roles) {
    return messages.roles[value as keyof Messages['roles']];
  }
  // A place marked on the map as the location screen names it: 'Garis di peta (3 titik)'.
  if (field === 'geometry' && typeof value === 'object') {
    const geometry = value as { type?: string; coordinates?: unknown };
    const kinds = messages.location.geometryKinds;
    if (geometry.type && geometry.type in kinds) {
      const vertices =
        geometry.type === 'Point'
          ? 1
          : geometry.type === 'LineString'
            ? (geometry.coordinates as unknown[]).length
            : ((geometry.coordinates as unknown[][])[0]?.length ?? 1) - 1;
      return messages.history.fields.vertices(
        kinds[geometry.type as keyof typeof kinds],
        formatNumberId(vertices),
      );
    }
  }
  if ((field === 'time_source' || field === 'place_source') && typeof value === 'string') {
    const sources = messages.evidence.sources;
    if (value in sources) return sources[value as keyof typeof sources];
  }
  if (moneyFields.has(field)) return rupiahText(value);
  if (volumeFields.has(field) && Number.isFinite(Number(value))) {
    return formatNumberId(Number(value), 2);
  }
  if (Array.isArray(value)) return value.length > 0 ? value.map(String).join(', ') : '-';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Whether a change has a before and an after to compare: an edit, or a restore of a line that
 * still existed (a deleted line's restore, like a create, has only an after).
 */
const isEdit = (entry: HistoryEntry): boolean =>
  entry.action === 'update' || (entry.action === 'restore' && entry.old_values !== null);

/** One field an edit changed, its values as shown. */
export interface FieldChange {
  field: string;
  label: string;
  from: string;
  to: string;
}

/**
 * The fields an edit changed (bookkeeping columns left out), in the labels' order; a value that
 * reads the same before and after (2 and '2.00') did not change.
 */
export function fieldChanges(entry: HistoryEntry, messages: Messages): FieldChange[] {
  const before = entry.old_values ?? {};
  const after = entry.new_values ?? {};
  const labels = recordFieldLabels(entry.record_type, messages);
  const order = Object.keys(labels);
  const rank = (field: string) => {
    const index = order.indexOf(field);
    return index === -1 ? order.length : index;
  };
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => !bookkeeping.has(field))
    .sort((a, b) => rank(a) - rank(b))
    .map((field) => ({
      field,
      label: labels[field] ?? field,
      from: historyValueText(field, before[field], messages, entry.reference_names),
      to: historyValueText(field, after[field], messages, entry.reference_names),
    }))
    .filter((change) => change.from !== change.to);
}

/** An edit's changes as 'Label: lama → baru' lines; a create or a delete has none to list. */
export function changeSummary(entry: HistoryEntry, messages: Messages): string[] {
  // A restore over a line that still existed is an edit back to an earlier version.
  if (!isEdit(entry)) return [];
  const changes = fieldChanges(entry, messages);
  return changes.length > 0
    ? changes.map((change) => messages.history.change(change.label, change.from, change.to))
    : [messages.history.noChanges];
}

/** What names the changed record: its name, a stage's name and year, a pagu's amount, else its id. */
export function recordName(entry: HistoryEntry, messages: Messages): string {
  const values = entry.new_values ?? entry.old_values ?? {};
  if (entry.record_type === 'budget_stage') {
    return `${historyValueText('kind', values.kind, messages)} ${values.year ?? ''}`.trim();
  }
  const named = messages.history.recordNames;
  if (entry.record_type === 'tax_rule') return named.taxRule(String(values.effective_from));
  const nameOf = (id: unknown) => entry.reference_names?.[String(id)] ?? String(id);
  if (entry.record_type === 'user_agency') {
    return named.userAgency(nameOf(values.user_id), nameOf(values.agency_id));
  }
  if (entry.record_type === 'planning_setting')
    return messages.history.recordTypes.planning_setting;
  if (entry.record_type === 'sp2d') {
    return `${messages.history.recordTypes.sp2d} ${String(values.sp2d_number ?? '')} — ${nameOf(values.sub_action_id)} ${String(values.account_code ?? '')}`;
  }
  if (entry.record_type === 'realisation_reason') {
    return `${messages.history.recordTypes.realisation_reason} ${values.year ?? ''} ${nameOf(values.sub_action_id)} — ${String(values.account_code ?? '')}`;
  }
  if (entry.record_type === 'physical_progress' || entry.record_type === 'monthly_report') {
    const place = nameOf(
      entry.record_type === 'monthly_report' ? values.agency_id : values.sub_action_id,
    );
    const month = monthName(Number(values.month), messages);
    return `${messages.history.recordTypes[entry.record_type]} ${month} ${values.year ?? ''} — ${place}`;
  }
  if (entry.record_type === 'sub_action_indicator') {
    return `${messages.history.recordTypes.sub_action_indicator} ${values.year ?? ''} ${nameOf(values.sub_action_id)} — ${String(values.description ?? '')}`;
  }
  if (entry.record_type === 'indicator_achievement') {
    const quarter = messages.indicators.quarter(quarterNumeral(Number(values.quarter)));
    return `${messages.history.recordTypes.indicator_achievement} ${quarter} ${values.year ?? ''} — ${nameOf(values.sub_action_id)}`;
  }
  if (entry.record_type === 'sub_action_location') {
    return `${messages.history.recordTypes.sub_action_location} — ${nameOf(values.sub_action_id)}`;
  }
  if (entry.record_type === 'evidence_photo') {
    const month = monthName(Number(values.month), messages);
    return `${messages.history.recordTypes.evidence_photo} ${month} ${values.year ?? ''} — ${nameOf(values.sub_action_id)}`;
  }
  if (entry.record_type === 'cash_plan') {
    const subAction = nameOf(values.sub_action_id);
    return `${messages.history.recordTypes.cash_plan} ${values.year ?? ''} ${subAction} — ${String(values.account_code ?? '')}`;
  }
  if (entry.record_type === 'rka_signer') {
    const unit = values.agency_id == null ? named.regionSigner : nameOf(values.agency_id);
    return `${unit}: ${String(values.name ?? '')}`;
  }
  const name = values.component_name ?? values.name;
  if (typeof name === 'string' && name !== '') return name;
  if (values.amount != null) {
    return `${messages.history.fields.amount}: ${rupiahText(values.amount)}`;
  }
  return entry.record_id;
}

/** Who made a change: their name, or 'Sistem' for none (a seed, a migration, a removed account). */
export const actorText = (entry: HistoryEntry, messages: Messages): string =>
  entry.actor_name ?? messages.history.system;

/**
 * A change's record on one side as 'Label: value' lines (the workbook's Sebelum and Sesudah):
 * an edit's changed fields only, a created or deleted record's every field; none for the side
 * a create or a delete does not have.
 */
export function recordSideText(
  entry: HistoryEntry,
  side: 'before' | 'after',
  messages: Messages,
): string {
  if (isEdit(entry)) {
    return fieldChanges(entry, messages)
      .map((change) => `${change.label}: ${side === 'before' ? change.from : change.to}`)
      .join('\n');
  }
  const values = side === 'before' ? entry.old_values : entry.new_values;
  if (!values) return '';
  const empty = { ...entry, old_values: {}, new_values: {} };
  return fieldChanges(
    side === 'before' ? { ...empty, old_values: values } : { ...empty, new_values: values },
    messages,
  )
    .map((change) => `${change.label}: ${side === 'before' ? change.from : change.to}`)
    .join('\n');
}
