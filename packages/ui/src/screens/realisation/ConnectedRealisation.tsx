import { AdminSection } from '../../components/AdminPage.js';
import { useBudgetYear } from '../../data/budget-year.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { YearSelect } from '../planning/planning-parts.js';
import { useSubActionPicker } from '../planning/SubActionPicker.js';
import { ConnectedSubActionRealisation } from './ConnectedSubActionRealisation.js';
import { ConnectedRealisationSummary } from './RealisationSummaryTable.js';
import { ConnectedSp2dImport } from './Sp2dImport.js';

export interface ConnectedRealisationProps {
  /** Offer a year of its own (the admin's page); without it, the budget year every section shows. */
  showYear?: boolean;
  /** 1 when the section is the page (the admin's), 2 under a page's own heading (a unit's). */
  level?: 1 | 2;
  /** The year to open on, instead of the budget year every screen shares. */
  initialYear?: number;
  /** Whether the person may give reasons (a unit's planner, an admin); a reader only sees them. */
  canExplain?: boolean;
  /** Offer 'Muat SP2D', the finance system's export loaded into the year (an admin's). */
  canImport?: boolean;
}

/**
 * 'Realisasi Anggaran' (issue 37): choose a sub kegiatan (the caller's units' only, as the
 * server scopes them) and read what was paid (SP2D) month by month against its Anggaran Kas; a
 * kode rekening paid above its lines asks for the unit's reason. Needs a `ToastProvider`.
 */
export function ConnectedRealisation({
  showYear = false,
  level = 2,
  initialYear,
  canExplain = true,
  canImport = false,
}: ConnectedRealisationProps) {
  const m = useMessages();
  const t = m.realisation.view;
  const { year, years, setYear } = useBudgetYear(initialYear);
  const { subAction, picker } = useSubActionPicker();
  return (
    <AdminSection title={m.realisation.title} intro={t.intro} level={level}>
      {showYear && <YearSelect year={year} years={years} onChange={setYear} className="w-36" />}
      {canImport && <ConnectedSp2dImport year={year} headingLevel={level === 1 ? 2 : 3} />}
      <ConnectedRealisationSummary year={year} headingLevel={level === 1 ? 2 : 3} />
      {picker}
      {!subAction && <p className="text-sm text-slate-600">{t.choose}</p>}
      {subAction && (
        <ConnectedSubActionRealisation
          subActionId={subAction.id}
          year={year}
          canExplain={canExplain}
        />
      )}
    </AdminSection>
  );
}
