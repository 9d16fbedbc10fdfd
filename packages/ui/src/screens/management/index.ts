export * from './AdminReports.js';
export * from './ConnectedAdminReports.js';
export * from './ConnectedHierarchyManager.js';
export type { ParentSource } from './EntityFields.js';
export {
  FILTER_OPTIONS_LIMIT,
  HIERARCHY_PAGE_SIZE,
  type ManagedInput,
  type ManagedRow,
  PARENT_OPTIONS_LIMIT,
  type ParentOption,
  toManagedRow,
} from './entity-form.js';
export * from './HierarchyManager.js';
