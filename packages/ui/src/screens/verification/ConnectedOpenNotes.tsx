import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import { dashboardCard } from '../user-dashboard/UserDashboard.js';
import { ConnectedNoteThread } from './ConnectedNoteThread.js';

/** Open notes on the dashboard's card; more than this is a page of the verifier's work anyway. */
const OPEN_NOTES_LIMIT = 20;

export interface ConnectedOpenNotesProps {
  className?: string;
}

/**
 * The user dashboard's 'Catatan verifikasi terbuka': the open notes on the person's (or their
 * units') lines and sub kegiatan, each with where it is, its words and its last answer, answered
 * in place. Hidden while there are none: nothing to do needs no card.
 */
export function ConnectedOpenNotes({ className }: ConnectedOpenNotesProps) {
  const t = useMessages().verification.dashboard;
  return (
    <ConnectedNoteThread
      query={{ status: 'open', limit: OPEN_NOTES_LIMIT }}
      title={t.title}
      headingLevel={2}
      showPlace
      lastAnswerOnly
      hideWhenEmpty
      className={cn(dashboardCard, className)}
    />
  );
}
