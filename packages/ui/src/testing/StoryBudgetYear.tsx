import { type ReactNode, useState } from 'react';
import { BudgetYearProvider } from '../data/budget-year.js';

/**
 * A page's budget year for a story, kept as the portal keeps it in the URL: `initialYear` (the
 * year of the story's lines), else the server's default; a picker below changes it.
 */
export function StoryBudgetYear({
  initialYear = null,
  children,
}: {
  initialYear?: number | null;
  children: ReactNode;
}) {
  const [year, setYear] = useState(initialYear);
  return (
    <BudgetYearProvider year={year} onYearChange={setYear}>
      {children}
    </BudgetYearProvider>
  );
}
