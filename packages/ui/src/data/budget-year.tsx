import { currentYear } from '@ranwal/core';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { LoadingState } from '../components/States.js';
import { usePlanningYears } from './queries.js';

/** The budget year every screen shows, the years to offer, and the change of it. */
export interface BudgetYear {
  year: number;
  /** Newest first; always holds `year`. */
  years: readonly number[];
  setYear: (year: number) => void;
}

const BudgetYearContext = createContext<BudgetYear | null>(null);

/** The server's years with `year` among them, newest first. */
const offered = (years: readonly number[], year: number): number[] =>
  [...new Set([...years, year])].sort((a, b) => b - a);

export interface BudgetYearProviderProps {
  /** The year chosen (the portal keeps it in the URL, `?tahun=`); none: the server's default. */
  year?: number | null | undefined;
  onYearChange: (year: number) => void;
  /** Shown while the server is asked for the default year; 'Memuat data...' by default. */
  fallback?: ReactNode;
  children: ReactNode;
}

/**
 * One budget year for every screen below it (issue 33): the one chosen, else the server's
 * default (`planning.years`: the year whose stage is running, else the current year), offering
 * every year the server knows of. The caller keeps the choice: the portal in the URL, so it
 * survives a reload, a shared link and the sidebar. Needs a RanwalProvider with a signed-in
 * client; until the default is known (no year chosen) it shows `fallback`, so no screen asks
 * for a year it then leaves.
 */
export function BudgetYearProvider({
  year: chosen,
  onYearChange,
  fallback,
  children,
}: BudgetYearProviderProps) {
  const answer = usePlanningYears();
  const known = answer.data?.data;
  // A server that cannot say (an error) leaves the current year: the screens still work.
  const year = chosen ?? known?.default_year ?? (answer.isError ? currentYear() : undefined);
  const value = useMemo(
    () =>
      year === undefined
        ? null
        : { year, years: offered(known?.years ?? [], year), setYear: onYearChange },
    [year, known, onYearChange],
  );
  if (!value) return fallback ?? <LoadingState />;
  return <BudgetYearContext.Provider value={value}>{children}</BudgetYearContext.Provider>;
}

/**
 * The budget year of the nearest `BudgetYearProvider`. A screen used without one keeps its own:
 * `initialYear`, else the server's default once known (the current year until then), chosen
 * among the server's years.
 */
export function useBudgetYear(initialYear?: number): BudgetYear {
  const shared = useContext(BudgetYearContext);
  const answer = usePlanningYears({ enabled: shared === null });
  const [own, setOwn] = useState(initialYear);
  const known = answer.data?.data;
  const year = own ?? known?.default_year ?? currentYear();
  const years = useMemo(() => offered(known?.years ?? [], year), [known, year]);
  const local = useMemo(() => ({ year, years, setYear: setOwn }), [year, years]);
  return shared ?? local;
}
