import { type BudgetLine, formatRupiah } from '@ranwal/core';
import { useCallback, useState } from 'react';
import { Button } from '../../components/Button.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { DeleteRowButton } from '../../components/DeleteRowButton.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { useLatest } from '../../lib/use-latest.js';
import { reportTotal } from './ReportCards.js';

export interface LineActionsOptions {
  /** 'Lihat Detail'. */
  onView: (line: BudgetLine) => void;
  /** 'Edit'; without it, no Edit button. */
  onEdit?: ((line: BudgetLine) => void) | undefined;
  /** Deletes a line once 'Hapus' is confirmed; without it, no Hapus button. */
  onDelete?: ((line: BudgetLine) => unknown) | undefined;
  /** The line being deleted: its button shows 'Menghapus...'. */
  deletingId?: string | null;
  /**
   * The id of the text saying why a line cannot be changed now (its year's stage), or undefined:
   * its 'Edit' and 'Hapus' are then disabled, described by that text.
   */
  blockedBy?: ((line: BudgetLine) => string | undefined) | undefined;
}

const notBlocked = () => undefined;

/**
 * A report list's row actions, the same in its table and its phone cards and on both lists:
 * 'Lihat Detail', 'Edit' and 'Hapus', and the confirmation 'Hapus' asks for. Render
 * `confirmDialog` once beside the list.
 *
 * `actions` stays the same function while what the buttons show does (the messages, which
 * buttons there are, the line being deleted, `blockedBy`): the handlers are read when pressed.
 * So a list that memoises its rows on it is not drawn again, a hundred lines, because a dialog
 * opened or the search changed.
 */
export function useLineActions({
  onView,
  onEdit,
  onDelete,
  deletingId = null,
  blockedBy = notBlocked,
}: LineActionsOptions) {
  const messages = useMessages();
  const handlers = useLatest({ onView, onEdit, onDelete });
  const canEdit = onEdit !== undefined;
  const canDelete = onDelete !== undefined;
  const [confirming, setConfirming] = useState<BudgetLine | null>(null);
  // The line asked about stays named while the question closes.
  const [asked, setAsked] = useState<BudgetLine | null>(null);
  const confirmDelete = async () => {
    const line = confirming;
    setConfirming(null);
    if (!line) return;
    try {
      await handlers.current.onDelete?.(line);
    } catch {
      // The screen has told the user why; the line stays.
    }
  };

  const actions = useCallback(
    (line: BudgetLine) => (
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          className="whitespace-nowrap"
          onPress={() => handlers.current.onView(line)}
        >
          {messages.reports.list.viewDetail}
        </Button>
        {canEdit && (
          <Button
            size="sm"
            variant="secondary"
            isDisabled={blockedBy(line) !== undefined}
            aria-describedby={blockedBy(line)}
            onPress={() => handlers.current.onEdit?.(line)}
          >
            {messages.common.edit}
          </Button>
        )}
        {canDelete && (
          <DeleteRowButton
            isDeleting={deletingId === line.id}
            blockedBy={blockedBy(line)}
            onPress={() => {
              setAsked(line);
              setConfirming(line);
            }}
          />
        )}
      </div>
    ),
    [messages, canEdit, canDelete, deletingId, blockedBy],
  );

  // Names the line and says it can come back; warns when it takes a verification away.
  const confirmDialog = (
    <ConfirmDialog
      isOpen={confirming !== null}
      onOpenChange={(isOpen) => !isOpen && setConfirming(null)}
      onConfirm={() => void confirmDelete()}
      message={
        asked && (
          <>
            {messages.lines.delete.message(
              asked.component_name || asked.component_code,
              formatRupiah(reportTotal(asked)),
            )}
            {asked.sub_action_verified_at && (
              <span className="mt-2 block font-medium text-yellow-900">
                {messages.lines.verification.deleteWarning}
              </span>
            )}
          </>
        )
      }
    />
  );

  return { actions, confirmDialog };
}

/** Each line's number in the whole list ('No'), from the page it is on. */
export function lineNumbers(
  lines: readonly BudgetLine[],
  page: number,
  pageSize: number,
): ReadonlyMap<string, number> {
  const first = (page - 1) * pageSize + 1;
  return new Map(lines.map((line, index) => [line.id, first + index]));
}
