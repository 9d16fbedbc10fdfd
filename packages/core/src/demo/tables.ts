import type { z } from 'zod';
import type { ManagedEntityKey } from '../entity-keys.js';
import type { managedEntities } from '../hierarchy.js';
import type { PlanningSettings, PriceItem } from '../planning.js';
import type { Article, BudgetLine, User } from '../schemas.js';
import type { Notification } from '../verification.js';

/*
 * The tables a sandbox starts from: what Storybook's stories seed (packages/ui/src/testing), and
 * what the server's sandbox host writes into a fresh database before serving them
 * (apps/server/src/sandbox). Ids are given, so a story can find what it seeded.
 */

/** A stored row of a level or of supporters (the parent's name is joined in when read). */
export type SeedRow = Record<string, unknown> & { id: string; name: string };
/** A level's row as the API answers it. */
export type SeedEntity<K extends ManagedEntityKey> = z.output<
  (typeof managedEntities)[K]['entity']
>;
/** A budget line as stored: the names of its levels, supporter and editor are joined when read. */
export type SeedLine = Omit<
  BudgetLine,
  | `${ManagedEntityKey}_name`
  | `${ManagedEntityKey}_code`
  | 'agency_id'
  | 'created_by_name'
  | 'updated_by_name'
  | 'sub_action_verified_at'
  | 'sub_action_open_notes'
  | 'outside_catalogue'
  | 'funding_source_id'
> & {
  updated_by: string | null;
  funding_source_id?: string | null;
  /**
   * The source by its code, for a seed that cannot know the ids the database gave the sources
   * it starts with; the sandbox writes it as `funding_source_id`.
   */
  funding_source_code?: string;
};
export interface SeedUser extends User {
  /** Signs in with this (hashed when seeded). */
  password: string;
}
/** A sub kegiatan's pagu for a budget year, as the pagu page sets it. */
export interface SeedPagu {
  sub_action_id: string;
  year: number;
  amount: number;
  allow_overrun: boolean;
}
/** Planning within a ceiling (issue 18): settings, the pagu and the standard price catalogue. */
export interface SeedPlanning {
  /**
   * The pagu rule is the default (lines need a pagu) unless a seed says otherwise; a sumber dana
   * is optional unless it says so.
   */
  settings?: Omit<PlanningSettings, 'lines_need_pagu' | 'lines_need_funding_source'> & {
    lines_need_pagu?: boolean;
    lines_need_funding_source?: boolean;
  };
  pagu?: SeedPagu[];
  agencyPagu?: { agency_id: string; year: number; amount: number }[];
  priceItems?: PriceItem[];
  /** Who signs each unit's RKA (agency_id null: the region's), as the planning settings set it. */
  signers?: {
    agency_id: string | null;
    place: string;
    position: string;
    name: string;
    nip: string;
  }[];
}
/** What a sandbox starts from. */
export interface SeedTables {
  users: SeedUser[];
  entities: { [K in ManagedEntityKey]: SeedEntity<K>[] };
  lines: SeedLine[];
  articles: Article[];
  planning?: SeedPlanning;
  /** What the bell tells each person (issue 19), by their id. */
  notifications?: (Notification & { user_id: string })[];
}

/**
 * How a story reaches the sandbox: `POST {SANDBOX_PATH}/sessions` with a `SandboxSessionRequest`
 * answers `{ id }`; calls then go under `{SANDBOX_PATH}/s/{id}/`; `DELETE
 * {SANDBOX_PATH}/sessions/{id}` ends it; `GET {SANDBOX_PATH}/ready` answers once it is warm.
 */
export const SANDBOX_PATH = '/__sandbox';
/** A story's bearer token for a seeded person: this and their id (the sandbox signs the real one). */
export const SANDBOX_USER_TOKEN = 'sandbox-user:';
/**
 * The year the sandbox takes as this one (what screens open on when no stage runs, offered with
 * the next), whatever the clock says: a story's picture stays the same across 1 January.
 */
export const SANDBOX_YEAR = 2026;
export interface SandboxSessionRequest {
  seed: SeedTables;
}
