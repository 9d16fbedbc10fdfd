/**
 * The six budget-hierarchy levels, top to bottom, and the flat supporter (Pengampu) list.
 * Everything that varies per level (schemas, routes, labels, messages) is keyed by these.
 */
export const hierarchyLevelKeys = [
  'program',
  'action',
  'sub_action',
  'activity',
  'subtitle',
  'account',
] as const;
export type HierarchyLevelKey = (typeof hierarchyLevelKeys)[number];

/** Every named record managed by the generic list/edit screens: the six levels plus supporters. */
export const managedEntityKeys = [...hierarchyLevelKeys, 'supporter'] as const;
export type ManagedEntityKey = (typeof managedEntityKeys)[number];
