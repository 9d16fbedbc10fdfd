/**
 * What a budget year's stages allow, declared once (issues 19 and 33): whether a user may write
 * the year's lines today and if not why, what entering the next stage outside its dates does to
 * users, which schedules are refused (overlapping or out-of-order dates) and which only warned
 * (dates wholly outside the budget year's planning window), and where a stage's status and its
 * dates disagree. The server refuses with these words; the UI says them before anything is typed.
 * Every `today` is YYYY-MM-DD in WIB, as the server compares dates.
 */
import { z } from 'zod';
import { formatDateShortId } from './format.js';
import type { Stage, StageKind } from './history.js';
import { type Messages, messagesId } from './messages/index.js';

/** What decides whether a user may write a line of a year: its stages, in order. */
export type StageGate = Pick<
  Stage,
  'kind' | 'year' | 'status' | 'locked' | 'locked_by_name' | 'starts_on' | 'ends_on'
>;

/** A stage of a schedule as entered: its kind and dates (YYYY-MM-DD). */
export interface StageDates {
  kind: StageKind;
  starts_on: string;
  ends_on: string;
}

/** A problem of one stage of a schedule, by its place in the list. */
export interface StageScheduleIssue {
  index: number;
  message: string;
}

const nameOf = (server: Messages['server'], kind: StageKind) => server.stageNames[kind] ?? kind;
const IsoDate = z.iso.date();
/** A real calendar date (not 2026-02-30): the others are their own field's problem. */
const isDate = (value: unknown): value is string => IsoDate.safeParse(value).success;

/**
 * Why a user may not write a line of a year now, or null: the year's stages (none: open as
 * before) not entered yet, the current one locked, or `today` outside its dates; each reason
 * names the stage and the date that matters. The server refuses with it (409); the line form and
 * the list's Edit and Hapus are disabled with it before anything is typed.
 */
export function stageRefusal(
  stages: readonly StageGate[],
  today: string,
  server: Messages['server'] = messagesId.server,
): string | null {
  if (stages.length === 0) return null;
  const current = stages.find((stage) => stage.status === 'current');
  if (!current) {
    const first = stages.find((stage) => stage.status === 'upcoming') ?? stages[0]!;
    const notStarted = today < first.starts_on ? server.stageNotStarted : server.stageNotStartedYet;
    return notStarted(nameOf(server, first.kind), first.year, formatDateShortId(first.starts_on));
  }
  const name = nameOf(server, current.kind);
  if (current.locked) {
    return server.stageLocked(name, current.year, current.locked_by_name ?? server.lockedByRemoved);
  }
  if (today < current.starts_on) {
    return server.stageBeforeDates(name, current.year, formatDateShortId(current.starts_on));
  }
  if (today > current.ends_on) {
    return server.stageAfterDates(name, current.year, formatDateShortId(current.ends_on));
  }
  return null;
}

/**
 * What entering the year's next stage today does to users when today is outside that stage's
 * dates ('… pengguna tidak dapat mengubah rincian belanja sampai 1 Des 2026.'), or null: within
 * them, or no stage to enter. Such a move needs the caller's confirmation.
 */
export function stageAdvanceConsequence(
  stages: readonly StageGate[],
  today: string,
  server: Messages['server'] = messagesId.server,
): string | null {
  const next = stages[stages.findIndex((stage) => stage.status === 'current') + 1];
  if (!next) return null;
  const name = nameOf(server, next.kind);
  if (today < next.starts_on) {
    return server.stageEarly(name, next.year, formatDateShortId(next.starts_on));
  }
  if (today > next.ends_on) {
    return server.stageLate(name, next.year, formatDateShortId(next.ends_on));
  }
  return null;
}

/**
 * A schedule's refused dates: stages run one after another, so each starts after the one before
 * it ends. A stage that overlaps the one before it, or is dated wholly before it, is refused on
 * its start date with a message naming both stages.
 */
export function stageScheduleIssues(
  stages: readonly StageDates[],
  server: Messages['server'] = messagesId.server,
): StageScheduleIssue[] {
  const issues: StageScheduleIssue[] = [];
  for (let index = 1; index < stages.length; index++) {
    const before = stages[index - 1]!;
    const stage = stages[index]!;
    const dated = [before.starts_on, before.ends_on, stage.starts_on, stage.ends_on].every(isDate);
    if (!dated || stage.starts_on > before.ends_on) continue;
    const problem =
      stage.ends_on >= before.starts_on ? server.stageOverlaps : server.stageBeforePrevious;
    issues.push({
      index,
      message: problem(
        nameOf(server, stage.kind),
        nameOf(server, before.kind),
        formatDateShortId(before.starts_on),
        formatDateShortId(before.ends_on),
      ),
    });
  }
  return issues;
}

/**
 * The dates a budget year is planned in: its Rancangan Awal starts early in the year before it
 * (the RKPD cycle) and its Perubahan runs within it, so 1 January of the year before to
 * 31 December of the year itself.
 */
export function budgetYearWindow(year: number): { from: string; to: string } {
  return { from: `${year - 1}-01-01`, to: `${year}-12-31` };
}

/**
 * A schedule's warnings: a stage dated wholly outside its budget year's planning window (a
 * 2027 stage dated in 2025, a year typed wrong). Saved only when the caller confirms.
 */
export function stageScheduleWarnings(
  year: number,
  stages: readonly StageDates[],
  server: Messages['server'] = messagesId.server,
): StageScheduleIssue[] {
  const window = budgetYearWindow(year);
  const warnings: StageScheduleIssue[] = [];
  stages.forEach((stage, index) => {
    if (!isDate(stage.starts_on) || !isDate(stage.ends_on)) return;
    if (stage.ends_on >= window.from && stage.starts_on <= window.to) return;
    warnings.push({
      index,
      message: server.stageOutsideYear(
        nameOf(server, stage.kind),
        year,
        formatDateShortId(stage.starts_on),
        formatDateShortId(stage.ends_on),
        formatDateShortId(window.from),
        formatDateShortId(window.to),
      ),
    });
  });
  return warnings;
}

/**
 * Where a stage's status and its dates disagree, what that means, or null. A status moves only
 * when an admin moves the year on (that keeps the stage's figures), so it does not follow the
 * dates by itself; the stages page says so beside each stage where they part.
 */
export function stageDateNote(
  stages: readonly Pick<Stage, 'status' | 'starts_on' | 'ends_on'>[],
  index: number,
  today: string,
  messages: Messages = messagesId,
): string | null {
  const stage = stages[index];
  if (!stage) return null;
  const notes = messages.stages.dateNotes;
  const from = formatDateShortId(stage.starts_on);
  const to = formatDateShortId(stage.ends_on);
  switch (stage.status) {
    case 'current':
      if (today < stage.starts_on) return notes.currentEarly(from);
      if (today > stage.ends_on) return notes.currentLate(to);
      return null;
    case 'upcoming': {
      if (today > stage.ends_on) return notes.upcomingPassed(to);
      const isNext = stages.findIndex((other) => other.status === 'upcoming') === index;
      return isNext && today >= stage.starts_on ? notes.nextDue(from) : null;
    }
    case 'closed':
      return today < stage.ends_on ? notes.closedEarly(to) : null;
  }
}
