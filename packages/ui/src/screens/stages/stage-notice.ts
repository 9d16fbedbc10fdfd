import {
  DEFAULT_TIME_ZONE,
  formatDateShortId,
  type Messages,
  type Role,
  type Stage,
  stageRefusal,
} from '@ranwal/core';

/** What the line form says about its year's stage, and how loudly. */
export interface StageNotice {
  tone: 'info' | 'warning';
  text: string;
  /** The server would refuse a user's line write now: 'Buat', 'Edit' and 'Hapus' wait, saying `text`. */
  blocksWrites: boolean;
}

/** Today as YYYY-MM-DD in WIB, as the server compares a stage's dates. */
export const todayInWib = (now: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(now);

/**
 * The line form's word on its year's stage: where the server would refuse a user's line now,
 * its own refusal (core's `stageRefusal`), else which stage runs until when; nothing for a year
 * without stages.
 */
export function stageNoticeOf(
  stages: readonly Stage[],
  today: string,
  messages: Messages,
  role?: Role,
): StageNotice | undefined {
  const refusal = stageRefusal(stages, today, messages.server);
  // The server refuses users, not admins: an admin is told, and may still write.
  if (refusal) return { tone: 'warning', text: refusal, blocksWrites: role !== 'admin' };
  const current = stages.find((stage) => stage.status === 'current');
  if (!current) return undefined;
  return {
    tone: 'info',
    blocksWrites: false,
    text: messages.stages.notice.running(
      messages.server.stageNames[current.kind],
      current.year,
      formatDateShortId(current.ends_on),
    ),
  };
}
