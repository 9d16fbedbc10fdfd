import type { ListFilter, Messages, NoteReply, NoteStatus, VerificationNote } from '@ranwal/core';
import { type FormEvent, useId, useState } from 'react';
import { Banner } from '../../components/Banner.js';
import { Button } from '../../components/Button.js';
import { DateText } from '../../components/DateText.js';
import { Select, SelectItem } from '../../components/Select.js';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.js';
import { TextField } from '../../components/TextField.js';
import { describeError } from '../../data/errors.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import { lineDetailText } from './line-detail.js';

/** What a new note is about: a line of the thread's sub kegiatan, or (null) the sub kegiatan. */
export interface NoteTarget {
  /** The line's id. */
  id: string;
  label: string;
}

export interface NoteThreadProps {
  notes: readonly VerificationNote[];
  isLoading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** The heading; 'Catatan Verifikasi' by default. */
  title?: string;
  /** The heading's level: 3 inside a dialog or page section, 2 for a card of its own. */
  headingLevel?: 2 | 3;
  /** Says under each note what it is about (its line, or the sub kegiatan and year). */
  showPlace?: boolean;
  /** Shows only each note's last answer, under 'Jawaban terakhir' (the dashboard's card). */
  lastAnswerOnly?: boolean;
  /**
   * A page (from 1) of a note's answers, oldest first: a note with more answers than it carries
   * offers 'Tampilkan semua … jawaban', then 'Muat lebih banyak'. Reject with the call's error.
   */
  onLoadReplies?:
    | ((note: VerificationNote, page: number) => Promise<{ data: NoteReply[]; filter: ListFilter }>)
    | undefined;
  /** Answers a note; without it no note offers 'Balas'. Reject with the call's error. */
  onReply?: ((note: VerificationNote, body: string) => Promise<unknown>) | undefined;
  /** Closes (true) or reopens a note: a verifier's or an admin's. Reject with the call's error. */
  onClose?: ((note: VerificationNote, closed: boolean) => Promise<unknown>) | undefined;
  /** Writes a note (on `lineId`, or on the sub kegiatan when null); no form without it. */
  onWrite?: ((body: string, lineId: string | null) => Promise<unknown>) | undefined;
  /**
   * The lines a new note may be about, after 'Seluruh sub kegiatan'; none: on the thread's own
   * place. A note on one of them is named as its option is.
   */
  targets?: readonly NoteTarget[];
  /** Shown instead of an empty list; an empty list says 'Belum ada catatan.' by default. */
  emptyText?: string;
  className?: string;
}

const statusStyles: Record<NoteStatus, string> = {
  open: 'bg-yellow-100 text-yellow-900',
  answered: 'bg-blue-100 text-blue-900',
  closed: 'bg-slate-200 text-slate-800',
};

/** A failed call's words, under what failed. */
type Failure = { key: string; message: string } | null;

/**
 * Verification notes (issue 19) with their answers: one component wherever notes show — the
 * Verifikasi page, a line's detail dialog and the user dashboard's open notes. What each reader
 * may do comes in as callbacks: reply, close or reopen, write.
 */
export function NoteThread({
  notes,
  isLoading = false,
  error = null,
  onRetry,
  title,
  headingLevel = 3,
  showPlace = false,
  lastAnswerOnly = false,
  onLoadReplies,
  onReply,
  onClose,
  onWrite,
  targets = [],
  emptyText,
  className,
}: NoteThreadProps) {
  const m = useMessages();
  const t = m.verification.notes;
  const titleId = useId();
  const [running, setRunning] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure>(null);

  /** One call at a time; its failure shows under what failed, in the server's words. */
  const run = async (key: string, call: () => Promise<unknown>) => {
    setRunning(key);
    setFailure(null);
    try {
      await call();
      return true;
    } catch (caught) {
      setFailure({ key, message: describeError(caught, t.failed) });
      return false;
    } finally {
      setRunning(null);
    }
  };
  const failureOf = (key: string) =>
    failure?.key === key ? (
      <Banner tone="error" className="mt-2">
        {failure.message}
      </Banner>
    ) : null;

  return (
    <section aria-labelledby={titleId} className={cn('flex flex-col gap-3', className)}>
      {headingLevel === 2 ? (
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {title ?? t.title}
        </h2>
      ) : (
        <h3 id={titleId} className="text-sm font-semibold uppercase tracking-wide text-brand-700">
          {title ?? t.title}
        </h3>
      )}
      {error ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : isLoading ? (
        <LoadingState />
      ) : notes.length === 0 ? (
        <EmptyState text={emptyText ?? t.empty} />
      ) : (
        <ol aria-labelledby={titleId} className="flex flex-col gap-3">
          {notes.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              lineLabel={targets.find((target) => target.id === note.line_id)?.label}
              showPlace={showPlace}
              lastAnswerOnly={lastAnswerOnly}
              onLoadReplies={
                onLoadReplies && !lastAnswerOnly ? (page) => onLoadReplies(note, page) : undefined
              }
              busy={running}
              onReply={
                onReply && note.status !== 'closed'
                  ? (body) => run(`reply-${note.id}`, () => onReply(note, body))
                  : undefined
              }
              onClose={
                onClose
                  ? () => run(`close-${note.id}`, () => onClose(note, note.status !== 'closed'))
                  : undefined
              }
              failure={failureOf(`reply-${note.id}`) ?? failureOf(`close-${note.id}`)}
            />
          ))}
        </ol>
      )}
      {onWrite && !error && (
        <WriteNote
          // One level under the thread's heading, as the outline reads it.
          headingLevel={headingLevel === 2 ? 3 : 4}
          targets={targets}
          isPending={running === 'write'}
          onWrite={(body, lineId) => run('write', () => onWrite(body, lineId))}
          failure={failureOf('write')}
        />
      )}
    </section>
  );
}

/**
 * The note's line where the thread has no targets to name it by (the dashboard's open notes): by
 * its name, and by its specification and price where other lines of its sub kegiatan share it.
 */
function lineOfNote(note: VerificationNote, t: Messages['verification']['notes']): string {
  if (!note.line_name) return t.deletedLine;
  return note.line_namesake
    ? t.onLineDetail(note.line_name, lineDetailText(note.line_namesake))
    : t.onLine(note.line_name);
}

function NoteItem({
  note,
  lineLabel,
  showPlace,
  lastAnswerOnly,
  onLoadReplies,
  busy,
  onReply,
  onClose,
  failure,
}: {
  note: VerificationNote;
  /** The note's line as the thread's targets name it. */
  lineLabel: string | undefined;
  showPlace: boolean;
  lastAnswerOnly: boolean;
  onLoadReplies: ((page: number) => Promise<{ data: NoteReply[]; filter: ListFilter }>) | undefined;
  busy: string | null;
  onReply: ((body: string) => Promise<boolean>) | undefined;
  onClose: (() => Promise<boolean>) | undefined;
  failure: React.ReactNode;
}) {
  const m = useMessages();
  const t = m.verification.notes;
  const noteId = useId();
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState('');
  const all = useAllReplies(note, onLoadReplies);
  const replies = lastAnswerOnly ? note.replies.slice(-1) : (all.loaded ?? note.replies);
  const place = note.line_id ? (lineLabel ?? lineOfNote(note, t)) : t.onSubAction;
  const submitReply = async (event: FormEvent) => {
    event.preventDefault();
    if (!onReply || reply.trim() === '') return;
    if (await onReply(reply)) {
      setReply('');
      setReplying(false);
    }
  };

  return (
    <li aria-labelledby={noteId} className="flex flex-col gap-2 rounded-md bg-slate-50 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5 text-sm">
          <span className="font-medium text-slate-900">
            {t.byAuthor(note.author_name ?? t.someone)}
          </span>
          <DateText value={note.created_at} format="long" className="text-slate-600" />
          {showPlace && (
            <span className="text-slate-700">
              {m.verification.dashboard.about(
                [note.sub_action_code, note.sub_action_name].filter(Boolean).join(' - '),
                note.year,
              )}
            </span>
          )}
          <span className="text-xs text-slate-600">{place}</span>
        </div>
        <span
          className={cn('rounded-full px-2 py-0.5 text-xs font-medium', statusStyles[note.status])}
        >
          {t.statuses[note.status]}
        </span>
      </div>
      <p id={noteId} className="whitespace-pre-line break-words text-sm text-slate-900">
        {note.body}
      </p>
      {all.hidden > 0 && (
        <div>
          <Button variant="secondary" size="sm" isPending={all.loading} onPress={all.loadFirst}>
            {t.showAllReplies(note.reply_count)}
          </Button>
        </div>
      )}
      {replies.length > 0 && (
        <div className="flex flex-col gap-1">
          {lastAnswerOnly && <p className="text-xs font-medium text-slate-600">{t.lastAnswer}</p>}
          <ol className="flex flex-col gap-2 border-l-2 border-slate-200 pl-3">
            {replies.map((answer) => (
              <li key={answer.id} className="flex flex-col text-sm">
                <span className="text-xs text-slate-600">
                  {answer.author_name ?? t.someone} ·{' '}
                  <DateText value={answer.created_at} format="long" />
                </span>
                <span className="whitespace-pre-line break-words text-slate-900">
                  {answer.body}
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
      {all.hasMore && (
        <div>
          <Button variant="secondary" size="sm" isPending={all.loading} onPress={all.loadNext}>
            {m.pagination.loadMore}
          </Button>
        </div>
      )}
      {all.failure && <Banner tone="error">{all.failure}</Banner>}
      {note.status === 'closed' && note.closed_by_name && (
        <p className="text-xs text-slate-600">{t.closedBy(note.closed_by_name)}</p>
      )}
      {replying && onReply ? (
        <form onSubmit={submitReply} className="flex flex-col gap-2">
          <TextField
            label={t.replyLabel}
            aria-describedby={noteId}
            multiline
            rows={2}
            value={reply}
            onChange={setReply}
            isRequired
            autoFocus
          />
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              size="sm"
              isPending={busy === `reply-${note.id}`}
              isDisabled={reply.trim() === ''}
            >
              {t.sendReply}
            </Button>
            <Button variant="secondary" size="sm" onPress={() => setReplying(false)}>
              {m.common.cancel}
            </Button>
          </div>
        </form>
      ) : (
        (onReply || onClose) && (
          <div className="flex flex-wrap gap-2">
            {onReply && (
              <Button
                variant="secondary"
                size="sm"
                aria-describedby={noteId}
                isDisabled={busy !== null}
                onPress={() => setReplying(true)}
              >
                {t.reply}
              </Button>
            )}
            {onClose && (
              <Button
                variant="secondary"
                size="sm"
                aria-describedby={noteId}
                isPending={busy === `close-${note.id}`}
                isDisabled={busy !== null && busy !== `close-${note.id}`}
                onPress={() => void onClose()}
              >
                {note.status === 'closed' ? t.reopen : t.close}
              </Button>
            )}
          </div>
        )
      )}
      {failure}
    </li>
  );
}

/**
 * A note's answers beyond the latest it carries, loaded a page at a time on request. What was
 * loaded is dropped once the note's count changes (an answer was added): the note then shows
 * its latest again, with the offer to load them all.
 */
function useAllReplies(
  note: VerificationNote,
  onLoadReplies: ((page: number) => Promise<{ data: NoteReply[]; filter: ListFilter }>) | undefined,
) {
  const t = useMessages().verification.notes;
  const [pages, setPages] = useState<{
    replies: NoteReply[];
    page: number;
    totalPages: number;
    count: number;
  } | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const current = pages && pages.count === note.reply_count ? pages : null;
  const load = async (page: number) => {
    if (!onLoadReplies) return;
    setLoading(true);
    setFailure(null);
    try {
      const answer = await onLoadReplies(page);
      setPages((before) => ({
        replies: [...(page > 1 && before ? before.replies : []), ...answer.data],
        page: answer.filter.current_page,
        totalPages: answer.filter.total_page,
        count: note.reply_count,
      }));
    } catch (caught) {
      setFailure(describeError(caught, t.failed));
    } finally {
      setLoading(false);
    }
  };
  return {
    /** The answers loaded so far, oldest first; null before any were. */
    loaded: current?.replies ?? null,
    /** Answers not shown and not loaded (none without a way to load them). */
    hidden: onLoadReplies && !current ? note.reply_count - note.replies.length : 0,
    hasMore: current !== null && current.page < current.totalPages,
    loading,
    failure,
    loadFirst: () => void load(1),
    loadNext: () => void load((current?.page ?? 0) + 1),
  };
}

/** A verifier's new note, on the sub kegiatan or one of its lines. */
function WriteNote({
  headingLevel,
  targets,
  isPending,
  onWrite,
  failure,
}: {
  headingLevel: 3 | 4;
  targets: readonly NoteTarget[];
  isPending: boolean;
  onWrite: (body: string, lineId: string | null) => Promise<boolean>;
  failure: React.ReactNode;
}) {
  const t = useMessages().verification.notes;
  const SUB_ACTION = 'sub-action';
  const [target, setTarget] = useState<string>(SUB_ACTION);
  const [body, setBody] = useState('');
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (body.trim() === '') return;
    if (await onWrite(body, target === SUB_ACTION ? null : target)) setBody('');
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 rounded-md border border-slate-200 p-4">
      <Heading className="text-sm font-semibold text-slate-900">{t.write}</Heading>
      {targets.length > 0 && (
        <Select
          label={t.target}
          items={[{ id: SUB_ACTION, label: t.targetSubAction }, ...targets]}
          value={target}
          onChange={(key) => setTarget(key === null ? SUB_ACTION : String(key))}
        >
          {(item) => (
            <SelectItem id={item.id} textValue={item.label}>
              {item.label}
            </SelectItem>
          )}
        </Select>
      )}
      <TextField
        label={t.writeLabel}
        multiline
        rows={3}
        value={body}
        onChange={setBody}
        isRequired
      />
      <div>
        <Button type="submit" isPending={isPending} isDisabled={body.trim() === ''}>
          {t.send}
        </Button>
      </div>
      {failure}
    </form>
  );
}
