import type {
  ApiResult,
  CallOptions,
  ChildListQuery,
  ListResult,
  ManagedEntities,
  ManagedEntityKey,
  RanwalClient,
} from '@ranwal/core';

/** A managed entity as the API answers it (child levels carry `{parent}_name`). */
export type EntityOf<K extends ManagedEntityKey> = ManagedEntities[K]['entity']['_zod']['output'];
/** What a create or update of a managed entity sends. */
export type EntityInputOf<K extends ManagedEntityKey> =
  ManagedEntities[K]['input']['_zod']['input'];

/** The four calls of one managed entity, typed by its key. */
export interface EntityGroup<K extends ManagedEntityKey> {
  list(query?: ChildListQuery, options?: CallOptions): Promise<ListResult<EntityOf<K>>>;
  create(body: EntityInputOf<K>, options?: CallOptions): Promise<ApiResult<EntityOf<K>>>;
  update(
    id: string,
    body: EntityInputOf<K>,
    options?: CallOptions,
  ): Promise<ApiResult<EntityOf<K>>>;
  delete(id: string, options?: CallOptions): Promise<ApiResult<null>>;
}

/**
 * The calls of one level or of supporters, chosen by key, so one implementation serves all seven.
 * Root lists ignore `uuid` (the server's query schema drops it).
 */
export function entityGroup<K extends ManagedEntityKey>(
  client: RanwalClient,
  key: K,
): EntityGroup<K> {
  // The client's groups are keyed by the level table's keys; they differ only in the entity
  // type, which EntityGroup<K> restores from the key.
  return client[key] as EntityGroup<K>;
}
