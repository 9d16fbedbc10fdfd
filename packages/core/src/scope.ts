/**
 * Who reaches what (issues 19 and 34): the one rule the server, the portal and the CLI follow.
 * A programme belongs to one Perangkat Daerah or to none, and everything under it follows it:
 * its budget lines, its pagu, its verification notes and notifications, its exports.
 *
 * - An admin reaches every programme and every line.
 * - A user or verifier with units reaches their units' programmes and every line there.
 * - A user or verifier without a unit reaches only the programmes without a unit (the spec's
 *   single office) and nothing of any unit's: a user their own lines there, a verifier every
 *   line there. Lines such an account made under a unit's programme before this rule stay the
 *   unit's: the account no longer reaches them.
 */
export interface WorkScope {
  /**
   * The programmes reached: every one ('all'), only those without a Perangkat Daerah
   * ('unitless'), or those of these Perangkat Daerah.
   */
  programmes: 'all' | 'unitless' | readonly string[];
  /** Only this person's lines within them (a user without a unit), or anyone's (null). */
  owner: string | null;
}

/** What the rule reads of a person: the server's user, the portal's signed-in person. */
export interface ScopedPerson {
  id: string;
  role: string;
  agency_ids?: readonly string[] | undefined;
}

/** The caller's scope (see WorkScope). */
export function scopeOf(person: ScopedPerson): WorkScope {
  if (person.role === 'admin') return { programmes: 'all', owner: null };
  const units = person.agency_ids ?? [];
  if (units.length > 0) return { programmes: units, owner: null };
  return { programmes: 'unitless', owner: person.role === 'verifier' ? null : person.id };
}

/** Whether the scope reaches a programme of this Perangkat Daerah (null: of none). */
export function reachesProgramme(
  scope: WorkScope,
  programAgencyId: string | null | undefined,
): boolean {
  const { programmes } = scope;
  if (programmes === 'all') return true;
  if (programmes === 'unitless') return !programAgencyId;
  return Boolean(programAgencyId) && programmes.includes(programAgencyId!);
}

/**
 * Whether the scope reaches a line: its programme's Perangkat Daerah (null: none) and who made
 * it (null: a person since deleted).
 */
export function reachesLine(
  scope: WorkScope,
  line: { agency_id: string | null | undefined; created_by: string | null | undefined },
): boolean {
  return (
    reachesProgramme(scope, line.agency_id) && (!scope.owner || scope.owner === line.created_by)
  );
}

/** Whether the person works without a Perangkat Daerah (a user or verifier with no unit). */
export const isWithoutUnit = (person: ScopedPerson): boolean =>
  scopeOf(person).programmes === 'unitless';
