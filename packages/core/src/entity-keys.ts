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

/**
 * What a budget line refers to (`detail_program.{key}_id`): the six levels and its supporter.
 * A line reaches its Perangkat Daerah through its programme, so the agency is not among them.
 */
export const lineReferenceKeys = [...hierarchyLevelKeys, 'supporter'] as const;
export type LineReferenceKey = (typeof lineReferenceKeys)[number];

/**
 * Every named record managed by the generic list/edit screens: the Perangkat Daerah (agency) that
 * programmes may belong to, the six levels, and supporters.
 */
export const managedEntityKeys = ['agency', ...lineReferenceKeys] as const;
export type ManagedEntityKey = (typeof managedEntityKeys)[number];

/** Whether budget lines refer to records of this entity directly. */
export const isLineReference = (key: ManagedEntityKey): key is LineReferenceKey => key !== 'agency';
