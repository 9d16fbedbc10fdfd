import { Banner } from '../../components/Banner.js';
import { useReachedProgrammes } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';

/**
 * Above a page's list, to a person whose account has no Perangkat Daerah yet (a planner or a
 * verifier; never an admin): they read only what belongs to no unit, so a list that looks as if
 * the region had nothing is explained, with whom to ask. Nothing for anyone else.
 */
export function WithoutUnitNotice() {
  const m = useMessages();
  if (useReachedProgrammes() !== 'unitless') return null;
  return <Banner tone="warning">{m.server.withoutUnit}</Banner>;
}
