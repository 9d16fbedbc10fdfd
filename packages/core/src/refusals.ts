import type { z } from 'zod';
import type { ManagedEntityKey } from './entity-keys.js';
import { AppError, type ErrorCode } from './errors.js';
import { formatRupiah } from './format.js';
import { managedEntities } from './hierarchy.js';
import { messagesId } from './messages/index.js';
import type { PriceItem } from './planning.js';
import type { FieldIssue } from './schemas.js';
import { reachesProgramme, type ScopedPerson, scopeOf, type WorkScope } from './scope.js';

/*
 * The API's refusals, each declared once with its status, message and field: the server's
 * services throw them, and so may any stand-in of the API (`routeTableFetch`), so a caller
 * reads the same answer from both.
 */

const server = messagesId.server;
const levels = messagesId.levels;

/** A refusal of one field: the message names the field and the problem, the issue points at it. */
export function fieldRefusal(code: ErrorCode, path: string, problem: string): AppError {
  return new AppError(code, server.validation(path, problem), [{ path, message: problem }]);
}

/** A schema's problems as the API's field issues ('stages.0.ends_on'); `where` for the whole value. */
export function fieldIssuesOf(error: z.ZodError, where = ''): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || where,
    message: issue.message,
  }));
}

/** A 400 for every wrong field at once; the message names the first. */
export function issuesRefusal(issues: FieldIssue[]): AppError {
  const first = issues[0] ?? { path: 'body', message: server.issueInvalid };
  return new AppError('validation', server.validation(first.path, first.message), issues);
}

/** The parent field a level is written under (a program, or a supporter, has none). */
function parentFieldOf(key: ManagedEntityKey): string {
  return managedEntities[key].parentField ?? 'parent_id';
}

export const refusals = {
  /** 404 for a record the caller cannot see, e.g. 'Laporan tidak ditemukan.' */
  notFound: (what: string) => new AppError('not_found', server.notFound(what)),
  /** 400: the level above, named by the parent field, does not exist. */
  parentMissing: (key: ManagedEntityKey) => {
    const parent = managedEntities[key].parent;
    const label = parent ? levels[parent].label : levels[key].label;
    return fieldRefusal('validation', parentFieldOf(key), server.recordNotFound(label));
  },
  /** 409: another record under the same parent has this code. */
  codeTaken: (code: string) => fieldRefusal('conflict', 'code', server.accountCodeTaken(code)),
  /** 409: a record that budget lines name cannot move under another parent. */
  movedUnderLines: (key: ManagedEntityKey, lines: number) =>
    fieldRefusal('conflict', parentFieldOf(key), server.movedUnderReports(lines)),
  /** 409: the email belongs to another user (compared without case). */
  emailTaken: () =>
    new AppError('conflict', server.duplicateEmail, [
      { path: 'email', message: server.issueEmailTaken },
    ]),
  /** 409: demoting the last admin would leave no one to administer. */
  lastAdminDemoted: () =>
    new AppError('conflict', server.lastAdminDemote, [
      { path: 'role', message: server.issueMustStayAdmin },
    ]),
  lastAdminDeleted: () => new AppError('conflict', server.lastAdminDelete),
  selfDeleted: () => new AppError('conflict', server.cannotDeleteSelf),
  signInFailed: () => new AppError('unauthorized', server.signInFailed),
  /** 400: a password change whose current password is not the person's. */
  currentPasswordWrong: () =>
    new AppError('validation', server.currentPasswordWrong, [
      { path: 'current_password', message: server.issueWrongPassword },
    ]),
  fileMissing: (field: string) => fieldRefusal('validation', field, server.issueRequired),
  fileTooLarge: () => new AppError('payload_too_large', server.payloadTooLarge),
  notAnImage: () => new AppError('unsupported_media_type', server.unsupportedImage),
  /** 403: verifiers review lines; they never create, edit or delete one (issue 19). */
  verifierReadOnly: () => new AppError('forbidden', server.verifierReadOnly),
  /** 403: a sub kegiatan (or, naming `program_id`, a programme) of another Perangkat Daerah. */
  outsideUnits: () => new AppError('forbidden', server.outsideUnits),
  /** 409: a closed verification note takes no answer until it is opened again. */
  noteClosed: () => new AppError('conflict', server.noteClosed),
  /** 409: a sub kegiatan is verified only once none of its notes is open. */
  notesStillOpen: (count: number) => new AppError('conflict', server.notesStillOpen(count)),
  /** 409: the year's catalogue already has an item of this code (as the import matches them). */
  priceItemCodeTaken: (code: string, year: number) =>
    fieldRefusal('conflict', 'code', server.priceItemCodeTaken(code, year)),
  /**
   * 409: a line of a year whose lines need a pagu (PlanningSettings.lines_need_pagu), under a
   * sub kegiatan that has none for that year.
   */
  paguRequired: (year: number) => {
    const message = server.paguRequired(year);
    return new AppError('conflict', message, [{ path: 'total_after_tax', message }]);
  },
  /** 400 naming `funding_source_id`: the region requires a source on every line. */
  fundingSourceRequired: () =>
    fieldRefusal('validation', 'funding_source_id', server.fundingSourceRequired),
  /** 400: the source is not in use in the line's year. */
  fundingSourceInactive: (code: string, year: number) =>
    fieldRefusal('validation', 'funding_source_id', server.fundingSourceInactive(code, year)),
  /** 400: the sub kegiatan lists its sources for the year, and this is not one of them. */
  fundingSourceNotOfSubAction: (code: string, year: number) =>
    fieldRefusal('validation', 'funding_source_id', server.fundingSourceNotOfSubAction(code, year)),
  /** 409: another source has this code. */
  fundingSourceCodeTaken: (code: string) =>
    fieldRefusal('conflict', 'code', server.fundingSourceCodeTaken(code)),
  /** 409: lines or sub kegiatan use the source; retire it instead. */
  fundingSourceInUse: (uses: number) => new AppError('conflict', server.fundingSourceInUse(uses)),
  /**
   * 403: a person without a Perangkat Daerah and anything of a unit's (issue 34); naming
   * `program_id` with programOfAUnit.
   */
  withoutUnit: () => new AppError('forbidden', server.withoutUnit),
  programOfAUnit: () =>
    new AppError('forbidden', server.withoutUnit, [
      { path: 'program_id', message: server.programOfAUnit },
    ]),
  programOutsideUnits: () =>
    new AppError('forbidden', server.outsideUnits, [
      { path: 'program_id', message: server.programOutsideUnits },
    ]),
};

/** 403 for something outside the scope: another unit's, or a unit's to a person without one. */
export const outsideScopeRefusal = (scope: WorkScope): AppError =>
  scope.programmes === 'unitless' ? refusals.withoutUnit() : refusals.outsideUnits();

/**
 * Who may write a line under a programme of the Perangkat Daerah `programAgencyId` (null: of
 * none), or the refusal: a verifier never (they review); anyone else within their scope
 * (scopeOf: a person without a unit only under programmes without one). The server asks this
 * one rule.
 */
export function lineWriteRefusal(
  caller: ScopedPerson,
  programAgencyId: string | null | undefined,
): AppError | null {
  if (caller.role === 'verifier') return refusals.verifierReadOnly();
  const scope = scopeOf(caller);
  if (reachesProgramme(scope, programAgencyId)) return null;
  return scope.programmes === 'unitless'
    ? refusals.programOfAUnit()
    : refusals.programOutsideUnits();
}

/**
 * A write that would take a ceiling over: 409 naming the level (`what`: 'Sub Kegiatan …'), its
 * pagu and the excess, or null when it may go. A write that leaves the level no higher than it
 * stood before passes, even over a pagu lowered since, so a line can always be made cheaper.
 */
export function paguRefusal(
  what: string,
  pagu: bigint,
  plannedBefore: bigint,
  plannedAfter: bigint,
): AppError | null {
  if (plannedAfter <= pagu || plannedAfter <= plannedBefore) return null;
  const message = server.paguExceeded(what, formatRupiah(pagu), formatRupiah(plannedAfter - pagu));
  return new AppError('conflict', message, [{ path: 'total_after_tax', message }]);
}

/**
 * What is wrong with a line priced from a catalogue item: the item must be of the line's year,
 * allowed under its kode rekening (an item naming none is allowed under any) and not retired
 * (unless the line already had it: `keeps_item`), and the price at most the item's unless the
 * item is open. `accountCode` is the line's, null when unknown.
 */
export function catalogueIssues(
  item: Pick<PriceItem, 'year' | 'account_codes' | 'open'> & {
    price: number | bigint | string;
    code?: string;
    retired?: boolean;
  },
  line: { year: number; price: number; keeps_item?: boolean },
  accountCode: string | null,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (item.retired && !line.keeps_item) {
    issues.push({ path: 'price_item_id', message: server.priceItemRetired(item.code ?? '') });
  }
  if (item.year !== line.year) {
    issues.push({
      path: 'price_item_id',
      message: server.priceItemOtherYear(item.year, line.year),
    });
  }
  if (
    accountCode !== null &&
    item.account_codes.length > 0 &&
    !item.account_codes.includes(accountCode)
  ) {
    issues.push({ path: 'price_item_id', message: server.priceItemNotForAccount(accountCode) });
  }
  const ceiling = Number(item.price);
  if (!item.open && line.price > ceiling) {
    issues.push({ path: 'price', message: server.priceAboveCatalogue(formatRupiah(ceiling)) });
  }
  return issues;
}

/**
 * How a component's name is compared with a catalogue item's: trimmed, runs of white space made
 * one space, lower case ('  Lem  AIBON ' is 'lem aibon'). The server compares the same way in
 * SQL (`catalogueNameSql`, migration 0024's index).
 */
export const catalogueNameKey = (name: string): string =>
  name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The price lock on a line without a catalogue item (issue 34): a line whose component code is an
 * item's of its year (the items in use, not retired), or failing that whose name is, is held to
 * that item's price as if it had been picked, unless an admin has opened the item. A name some
 * items share (two 'Tinta Printer Hitam' of different cartridges) holds the line to the dearest
 * of them, and any of them open frees it. `items` are those of the line's year it may match.
 */
export function catalogueLockIssues(
  items: readonly (Pick<PriceItem, 'code' | 'name' | 'year' | 'open'> & {
    price: number | bigint | string;
  })[],
  line: { price: number; component_code: string; component_name: string },
): FieldIssue[] {
  const byCode = items.filter(
    (item) => line.component_code.trim() !== '' && item.code === line.component_code.trim(),
  );
  const holding =
    byCode.length > 0
      ? byCode
      : items.filter(
          (item) => catalogueNameKey(item.name) === catalogueNameKey(line.component_name),
        );
  if (holding.length === 0 || holding.some((item) => item.open)) return [];
  const dearest = holding.reduce((most, item) =>
    Number(item.price) > Number(most.price) ? item : most,
  );
  if (line.price <= Number(dearest.price)) return [];
  return [
    {
      path: 'price',
      message: server.priceLockedToCatalogue(
        dearest.name,
        dearest.code,
        dearest.year,
        formatRupiah(Number(dearest.price)),
      ),
    },
  ];
}
