/**
 * Verification (asistensi, issue 19): a verifier, scoped to Perangkat Daerah, writes notes on a
 * budget line or a sub kegiatan of a year; the unit answers; the verifier closes the notes and
 * marks the sub kegiatan verified once none is open. People are told inside the app.
 * Declared once here; the server, the UI and the CLI read them.
 */
import { z } from 'zod';
import { Id, ListQuery, ReportYear, Timestamp } from './schemas.js';

/** Open: waits for the unit's answer; answered: waits for the verifier; closed: settled. */
export const noteStatuses = ['open', 'answered', 'closed'] as const;
export const NoteStatus = z.enum(noteStatuses);
export type NoteStatus = z.infer<typeof NoteStatus>;

const NoteText = z
  .string({ error: 'wajib diisi' })
  .trim()
  .min(1, { error: 'wajib diisi' })
  .max(2000, { error: 'maksimal 2000 karakter' });

export const NoteReply = z.object({
  id: Id,
  body: z.string(),
  author_id: Id.nullable(),
  /** Null when the person's account has since been removed. */
  author_name: z.string().nullable(),
  created_at: Timestamp,
});
export type NoteReply = z.infer<typeof NoteReply>;

/**
 * What tells a line apart when another line of its sub kegiatan and year has the same name (two
 * 'Honorarium' lines): its specification and price, as the verifier's list of lines shows them.
 */
export const LineNamesake = z.object({ specification: z.string(), price: z.number() });
export type LineNamesake = z.infer<typeof LineNamesake>;

/** `line_namesake`: absent from a server older than it, so read as none. */
const lineNamesake = LineNamesake.nullable().default(null);

export const VerificationNote = z.object({
  id: Id,
  year: z.number().int(),
  sub_action_id: Id,
  sub_action_code: z.string().nullable(),
  sub_action_name: z.string(),
  agency_name: z.string().nullable(),
  /** The line the note is about; null for a note on the whole sub kegiatan. */
  line_id: Id.nullable(),
  /** The line's component name; null when the line has been deleted (or no line). */
  line_name: z.string().nullable(),
  /** Set when another line of the sub kegiatan and year has the same name; null otherwise. */
  line_namesake: lineNamesake,
  body: z.string(),
  status: NoteStatus,
  author_id: Id.nullable(),
  author_name: z.string().nullable(),
  created_at: Timestamp,
  closed_at: Timestamp.nullable(),
  closed_by_name: z.string().nullable(),
  /** How many answers the note has. */
  reply_count: z.number().int(),
  /**
   * Its latest answers (NOTE_REPLIES_IN_LIST at most), oldest first: a note answered 1 500
   * times made every list 3.2 MB (issue 34). All of them come a page at a time from
   * `verification.replies`.
   */
  replies: z.array(NoteReply),
});
export type VerificationNote = z.infer<typeof VerificationNote>;

/** The answers a note carries in a list and in what a call on it answers: its latest. */
export const NOTE_REPLIES_IN_LIST = 3;

/** A page of a note's answers, oldest first. */
export const NoteRepliesQuery = ListQuery.pick({ page: true, limit: true });
export type NoteRepliesQuery = z.input<typeof NoteRepliesQuery>;

/** A note on a line (its sub kegiatan and year are the line's) or on a sub kegiatan of a year. */
export const NoteInput = z.union(
  [
    z.object({ line_id: Id, body: NoteText }),
    z.object({ sub_action_id: Id, year: ReportYear, body: NoteText }),
  ],
  { error: 'pilih Laporan atau Sub Kegiatan' },
);
export type NoteInput = z.input<typeof NoteInput>;

export const NoteReplyInput = z.object({ body: NoteText });
export type NoteReplyInput = z.input<typeof NoteReplyInput>;

export const NoteCloseInput = z.object({ closed: z.boolean({ error: 'wajib diisi' }) });
export type NoteCloseInput = z.input<typeof NoteCloseInput>;

/** `open` lists every note not closed (open or answered). */
export const noteStatusFilters = ['open', 'closed', 'all'] as const;

export const NoteListQuery = ListQuery.extend({
  year: ReportYear.optional(),
  sub_action_id: Id.optional(),
  line_id: Id.optional(),
  status: z.enum(noteStatusFilters).default('all'),
});
export type NoteListQuery = z.input<typeof NoteListQuery>;

/** A sub kegiatan of a year as a verifier works through it. */
export const SubActionReview = z.object({
  sub_action_id: Id,
  sub_action_code: z.string().nullable(),
  sub_action_name: z.string(),
  agency_name: z.string().nullable(),
  year: z.number().int(),
  line_count: z.number().int(),
  /** Sum of the lines' totals after PPN, as exact text. */
  total_after_tax: z.string(),
  open_notes: z.number().int(),
  closed_notes: z.number().int(),
  verified_at: Timestamp.nullable(),
  verified_by_name: z.string().nullable(),
});
export type SubActionReview = z.infer<typeof SubActionReview>;

export const SubActionReviewQuery = ListQuery.extend({
  year: ReportYear,
  agency_id: Id.optional(),
  /** One sub kegiatan (the page opened at its own address), with or without lines that year. */
  sub_action_id: Id.optional(),
});
export type SubActionReviewQuery = z.input<typeof SubActionReviewQuery>;

export const SubActionVerifyInput = z.object({
  sub_action_id: Id,
  year: ReportYear,
  verified: z.boolean({ error: 'wajib diisi' }),
});
export type SubActionVerifyInput = z.input<typeof SubActionVerifyInput>;

// --- Notifications --------------------------------------------------------------------------------

export const notificationKinds = [
  'note_opened',
  'note_answered',
  'note_closed',
  'note_reopened',
  'sub_action_verified',
  /** A change to a verified sub kegiatan's lines took the mark away (told to who gave it). */
  'verification_withdrawn',
  /** An administrator restored a line from its history (told to the line's owner). */
  'line_restored',
  /** A verifier withdrew the mark by hand ('Batalkan Verifikasi'; told to the unit). */
  'sub_action_unverified',
  /** A unit sent its month (told to the unit's verifiers; issue 37). */
  'month_sent',
  /** A verifier sent the month back with a note (told to the unit's planners). */
  'month_returned',
  /** A verifier verified the month (told to the unit's planners). */
  'month_verified',
  /** The month is past its due date and not sent (told to the unit's planners, once). */
  'month_late',
  /**
   * The month's money against its Anggaran Kas fell below the region's red threshold (told to
   * the unit's planners and verifiers, once a month).
   */
  'month_red',
] as const;
export const NotificationKind = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const Notification = z.object({
  id: Id,
  kind: NotificationKind,
  note_id: Id.nullable(),
  line_id: Id.nullable(),
  line_name: z.string().nullable(),
  /** Set when another line of the sub kegiatan and year has the same name; null otherwise. */
  line_namesake: lineNamesake,
  sub_action_id: Id.nullable(),
  sub_action_name: z.string().nullable(),
  year: z.number().int().nullable(),
  /** A unit's month (the month kinds): the unit and the month; null otherwise. */
  agency_id: Id.nullable(),
  agency_name: z.string().nullable(),
  month: z.number().int().nullable(),
  /** Who did what the notification tells; null when removed since. */
  actor_name: z.string().nullable(),
  created_at: Timestamp,
  read: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationListQuery = ListQuery.extend({
  unread: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type NotificationListQuery = z.input<typeof NotificationListQuery>;

export const NotificationCount = z.object({ unread: z.number().int() });
export type NotificationCount = z.infer<typeof NotificationCount>;

/** Mark some notifications read, or (no ids) all of one's own. */
export const NotificationReadInput = z.object({ ids: z.array(Id).max(500).optional() });
export type NotificationReadInput = z.input<typeof NotificationReadInput>;
