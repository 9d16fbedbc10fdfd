import type { z } from 'zod';
import type { HierarchyLevelKey, ManagedEntityKey } from './entity-keys.js';
import {
  Account,
  AccountInput,
  Action,
  ActionInput,
  Activity,
  ActivityInput,
  Agency,
  AgencyInput,
  Program,
  ProgramInput,
  SubAction,
  SubActionInput,
  Subtitle,
  SubtitleInput,
  Supporter,
  SupporterInput,
} from './schemas.js';

export * from './entity-keys.js';

/**
 * The level table: the one description of the six hierarchy levels (and the Perangkat Daerah
 * above them, and the flat supporter list) that the server's routes and storage, the UI's list/edit screens, the cascade and the
 * CLI import are all driven by.
 */
export interface ManagedEntityDefinition {
  key: ManagedEntityKey;
  /** URL segment: /ranwal/api/{path}/list */
  path: string;
  /** Database table. */
  table: string;
  /** The level above (a programme's Perangkat Daerah), or null for agencies and supporters. */
  parent: HierarchyLevelKey | 'agency' | null;
  /** The column/field that holds the parent's id, e.g. `program_id`. */
  parentField: string | null;
  /**
   * A programme may have no agency (the region as a whole); every other level needs its parent.
   * A record without a parent is matched, and its code kept unique, among the others without.
   */
  parentOptional: boolean;
  /** The level below in the hierarchy, or null. */
  child: HierarchyLevelKey | null;
  /**
   * The six levels carry a code besides the name: official (Permendagri 90) at Program,
   * Kegiatan and Sub Kegiatan, a region's own at Aktivitas and Subtitle, the account code.
   */
  hasCode: boolean;
  /** Only accounts must have one; elsewhere a record may be named only (null code). */
  codeRequired: boolean;
  /** Programs carry the PPN flag. */
  hasTaxFlag: boolean;
  input: z.ZodObject;
  entity: z.ZodObject;
}

export const managedEntities = {
  agency: {
    key: 'agency',
    path: 'agency',
    table: 'agency',
    parent: null,
    parentField: null,
    parentOptional: false,
    child: 'program',
    hasCode: true,
    codeRequired: false,
    hasTaxFlag: false,
    input: AgencyInput,
    entity: Agency,
  },
  program: {
    key: 'program',
    path: 'program',
    table: 'program',
    parent: 'agency',
    parentField: 'agency_id',
    parentOptional: true,
    child: 'action',
    hasCode: true,
    codeRequired: false,
    hasTaxFlag: true,
    input: ProgramInput,
    entity: Program,
  },
  action: {
    key: 'action',
    path: 'action',
    table: 'action',
    parent: 'program',
    parentField: 'program_id',
    parentOptional: false,
    child: 'sub_action',
    hasCode: true,
    codeRequired: false,
    hasTaxFlag: false,
    input: ActionInput,
    entity: Action,
  },
  sub_action: {
    key: 'sub_action',
    path: 'sub-action',
    table: 'sub_action',
    parent: 'action',
    parentField: 'action_id',
    parentOptional: false,
    child: 'activity',
    hasCode: true,
    codeRequired: false,
    hasTaxFlag: false,
    input: SubActionInput,
    entity: SubAction,
  },
  activity: {
    key: 'activity',
    path: 'activity',
    table: 'activity',
    parent: 'sub_action',
    parentField: 'sub_action_id',
    parentOptional: false,
    child: 'subtitle',
    hasCode: true,
    codeRequired: false,
    hasTaxFlag: false,
    input: ActivityInput,
    entity: Activity,
  },
  subtitle: {
    key: 'subtitle',
    path: 'subtitle',
    table: 'subtitle',
    parent: 'activity',
    parentField: 'activity_id',
    parentOptional: false,
    child: 'account',
    hasCode: true,
    codeRequired: false,
    hasTaxFlag: false,
    input: SubtitleInput,
    entity: Subtitle,
  },
  account: {
    key: 'account',
    path: 'account',
    table: 'account',
    parent: 'subtitle',
    parentField: 'subtitle_id',
    parentOptional: false,
    child: null,
    hasCode: true,
    codeRequired: true,
    hasTaxFlag: false,
    input: AccountInput,
    entity: Account,
  },
  supporter: {
    key: 'supporter',
    path: 'supporter',
    table: 'supporter',
    parent: null,
    parentField: null,
    parentOptional: false,
    child: null,
    hasCode: false,
    codeRequired: false,
    hasTaxFlag: false,
    input: SupporterInput,
    entity: Supporter,
  },
} as const satisfies { [K in ManagedEntityKey]: ManagedEntityDefinition & { key: K } };

export type ManagedEntities = typeof managedEntities;
