import { DEFAULT_TIME_ZONE, formatDateShortId, type Messages, type Stage } from '@ranwal/core';

/** What the line form says about its year's stage, and how loudly. */
export interface StageNotice {
  tone: 'info' | 'warning';
  text: string;
}

/** Today as YYYY-MM-DD in WIB, as the server compares a stage's dates. */
export const todayInWib = (now: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(now);

/**
 * The line form's word on its year's stage, in the server's own words where the server would
 * refuse a user's line (not entered yet, locked, outside its dates) and as information while
 * it runs; nothing for a year without stages.
 */
export function stageNoticeOf(
  stages: readonly Stage[],
  today: string,
  messages: Messages,
): StageNotice | undefined {
  if (stages.length === 0) return undefined;
  const server = messages.server;
  const current = stages.find((stage) => stage.status === 'current');
  const name = (stage: Stage) => server.stageNames[stage.kind];
  if (!current) return { tone: 'warning', text: server.stageNotReached(name(stages[0]!)) };
  if (current.locked) {
    return {
      tone: 'warning',
      text: server.stageLocked(name(current), current.year, current.locked_by_name ?? 'admin'),
    };
  }
  if (today < current.starts_on || today > current.ends_on) {
    return {
      tone: 'warning',
      text: server.stageOutOfDates(
        name(current),
        current.year,
        formatDateShortId(current.starts_on),
        formatDateShortId(current.ends_on),
      ),
    };
  }
  return {
    tone: 'info',
    text: messages.stages.notice.running(
      name(current),
      current.year,
      formatDateShortId(current.ends_on),
    ),
  };
}
