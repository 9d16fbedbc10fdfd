import type { NoteInput, NoteListQuery } from '@ranwal/core';
import { toastDurations, useToast } from '../../components/Toast.js';
import { describeError } from '../../data/errors.js';
import {
  useCloseNote,
  useCreateNote,
  useReplyNote,
  useVerificationNotes,
} from '../../data/queries.js';
import { useMessages, useRanwalClient, useSession } from '../../data/RanwalProvider.js';
import { NoteThread, type NoteThreadProps } from './NoteThread.js';

/** Where new notes of a thread go: a line, or a sub kegiatan of a year (its lines as targets). */
export type NotePlace = { line_id: string } | { sub_action_id: string; year: number };

export interface ConnectedNoteThreadProps
  extends Pick<
    NoteThreadProps,
    | 'title'
    | 'headingLevel'
    | 'showPlace'
    | 'lastAnswerOnly'
    | 'targets'
    | 'emptyText'
    | 'className'
  > {
  /** Which notes: a line's (`line_id`), a sub kegiatan's of a year, or the open ones (`status`). */
  query: NoteListQuery;
  /** Where a verifier's new note goes; no form without it. */
  place?: NotePlace;
  /** Hides the whole thread while it has no notes (the dashboard's card). */
  hideWhenEmpty?: boolean;
}

/** Answers of a note a page brings (the API's largest page). */
const NOTE_REPLIES_PAGE = 100;

/** Whether the signed-in person reviews: verifiers and admins close, reopen and write notes. */
export function useIsReviewer(): boolean {
  const role = useSession()?.userRole;
  return role === 'verifier' || role === 'admin';
}

/**
 * `NoteThread` over the RanwalProvider's client: `verification.notes` as `query` asks (each
 * note with its latest answers; `verification.replies` brings all of them a page at a time),
 * answers from anyone signed in, and for verifiers and admins 'Tutup Catatan' / 'Buka Kembali' and (with
 * `place`) a new note; each with a toast, so it needs a `ToastProvider`.
 */
export function ConnectedNoteThread({
  query,
  place,
  hideWhenEmpty = false,
  ...display
}: ConnectedNoteThreadProps) {
  const t = useMessages().verification.notes;
  const session = useSession();
  const reviewer = useIsReviewer();
  const toast = useToast();
  const notes = useVerificationNotes(query);
  const create = useCreateNote();
  const reply = useReplyNote();
  const close = useCloseNote();
  const client = useRanwalClient();
  const done = (message: string) => toast.success(undefined, message, toastDurations.reportSuccess);

  const list = notes.data?.data ?? [];
  if (hideWhenEmpty && (notes.isPending || (!notes.isError && list.length === 0))) return null;
  return (
    <NoteThread
      {...display}
      notes={list}
      isLoading={notes.isPending}
      error={notes.isError ? describeError(notes.error, t.fetchFailed) : null}
      onRetry={() => void notes.refetch()}
      onLoadReplies={(note, page) =>
        client.verification.replies(note.id, { page, limit: NOTE_REPLIES_PAGE })
      }
      onReply={
        session
          ? async (note, body) => {
              await reply.mutateAsync({ id: note.id, body: { body } });
              done(t.replied);
            }
          : undefined
      }
      onClose={
        reviewer
          ? async (note, closed) => {
              await close.mutateAsync({ id: note.id, body: { closed } });
              done(closed ? t.closed : t.reopened);
            }
          : undefined
      }
      onWrite={
        reviewer && place
          ? async (body, lineId) => {
              const input: NoteInput = lineId
                ? { line_id: lineId, body }
                : 'line_id' in place
                  ? { line_id: place.line_id, body }
                  : { ...place, body };
              await create.mutateAsync(input);
              done(t.written);
            }
          : undefined
      }
    />
  );
}
