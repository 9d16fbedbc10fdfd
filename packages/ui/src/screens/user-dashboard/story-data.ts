import {
  type BudgetLine,
  isLineReference,
  type ManagedEntityKey,
  managedEntities,
  managedEntityKeys,
  type Session,
  type User,
} from '@ranwal/core';
import {
  createSandboxClient,
  demoCredentials,
  demoSeed,
  type SeedTables,
} from '../../testing/sandbox-client.js';
import { type CascadeOption, emptySelection, type HierarchySelection } from './cascade.js';
import type { CascadeLevelData, CascadeLevels } from './HierarchyCascade.js';

/*
 * Story data taken from the sandbox client's seeds, so the presentational stories show the same
 * hierarchy and reports as the connected ones. Not exported from the package.
 */

type SeedRow = CascadeOption & Record<string, unknown>;
const rowsOf = (seed: SeedTables, key: ManagedEntityKey) =>
  seed.entities[key] as unknown as SeedRow[];

/** Each select's options for a selection, as the server would answer (all of them, unpaged). */
export function levelsFromSeed(
  seed: SeedTables,
  selection: HierarchySelection,
  overrides: Partial<Record<ManagedEntityKey, Partial<CascadeLevelData>>> = {},
): CascadeLevels {
  return Object.fromEntries(
    managedEntityKeys.flatMap((key) => {
      const { parent, parentField, parentOptional } = managedEntities[key];
      const parentId = parent ? selection[parent]?.id : undefined;
      const rows = rowsOf(seed, key);
      // With no agency chosen, every programme.
      const scoped = parentField !== null && !(parentOptional && parentId === undefined);
      const options = scoped ? rows.filter((row) => row[parentField] === parentId) : rows;
      // A seed without agencies has no agency select, as the connected cascade has none.
      if (!isLineReference(key) && rows.length === 0) return [];
      return [[key, { options, ...overrides[key] }]];
    }),
  ) as unknown as CascadeLevels;
}

/** A complete selection: the seed's account at `accountIndex`, every level above it, a supporter. */
export function fullSelection(seed: SeedTables, accountIndex = 0): HierarchySelection {
  const selection: Record<ManagedEntityKey, CascadeOption | null> = { ...emptySelection };
  let key: ManagedEntityKey | null = 'account';
  let row: SeedRow | undefined = rowsOf(seed, 'account')[accountIndex];
  while (key && row) {
    selection[key] = row;
    const { parent, parentField }: { parent: ManagedEntityKey | null; parentField: string | null } =
      managedEntities[key];
    const parentId = parentField ? row[parentField] : undefined;
    key = parent;
    row = parent ? rowsOf(seed, parent).find((candidate) => candidate.id === parentId) : undefined;
  }
  selection.supporter = rowsOf(seed, 'supporter')[0] ?? null;
  return selection;
}

/** The seed's ordinary user (the demo user in the demo seed), who the dashboard stories act as. */
export function seedUser(seed: SeedTables = demoSeed): User {
  const found =
    seed.users.find((user) => user.email === demoCredentials.user.email) ??
    seed.users.find((user) => user.role === 'user') ??
    seed.users[0];
  if (!found) throw new Error('story data: the seed has no users');
  const { id, name, email, role, agency_ids } = found;
  return { id, name, email, role, agency_ids };
}

/** A stored session for `seedUser`, as sign-in would leave it. */
export function seedSession(user: User = seedUser()): Session {
  return {
    token: `sandbox-token-${user.id}`,
    userId: user.id,
    userName: user.name,
    userEmail: user.email,
    userRole: user.role,
  };
}

/** The reports a user sees, read through the sandbox client (names joined, totals computed). */
export async function seedReports(
  seed: SeedTables = demoSeed,
  user: User = seedUser(seed),
): Promise<BudgetLine[]> {
  const client = createSandboxClient({ seed, currentUser: user });
  return (await client.budgetLine.list({ limit: 100 })).data;
}
