import { type ListResult, type ManagedEntityKey, managedEntities, messagesId } from '@ranwal/core';
import { type ConnectionOptions, connect } from '../../connection.js';
import { CliError, calling } from '../../errors.js';
import { cliText } from '../../lang.js';
import { clip, formatTable } from '../../output.js';

/** The client's group of each level (`sub_action` for `sub_action`). */
const clientGroups = {
  agency: 'agency',
  program: 'program',
  action: 'action',
  sub_action: 'sub_action',
  activity: 'activity',
  subtitle: 'subtitle',
  account: 'account',
  supporter: 'supporter',
} as const satisfies Record<ManagedEntityKey, string>;

/** Reads a list page by page (100 at a time) until the server says there is no more. */
export async function fetchAllPages<T>(
  doing: string,
  page: (page: number) => Promise<ListResult<T>>,
): Promise<T[]> {
  const all: T[] = [];
  for (let number = 1; ; number += 1) {
    const result = await calling(doing, () => page(number));
    all.push(...result.data);
    if (number >= result.filter.total_page || result.data.length === 0) return all;
  }
}

export interface ListRecordsOptions extends ConnectionOptions {
  level: ManagedEntityKey;
  /** Only the children of this parent (an id). */
  parent?: string | undefined;
  search?: string | undefined;
}

export type ListedRecord = Record<string, unknown> & { id: string; name: string };

/** Every record of one level (or supporters), optionally under one parent or matching a search. */
export async function listRecords(options: ListRecordsOptions): Promise<ListedRecord[]> {
  const definition = managedEntities[options.level];
  if (options.parent && !definition.parent) {
    throw new CliError(
      'usage',
      cliText().failures.noParent(messagesId.levels[options.level].label),
    );
  }
  const { client } = await connect(options);
  // Every level's list takes the same query (`uuid` only where the level has a parent).
  const list = client[clientGroups[options.level]].list as unknown as (
    query: object,
  ) => Promise<ListResult<ListedRecord>>;
  return fetchAllPages(cliText().doing.list(cliText().list.nouns[options.level]), (page) =>
    list({
      page,
      limit: 100,
      ...(options.search ? { search: options.search } : {}),
      ...(options.parent ? { uuid: options.parent } : {}),
    }),
  );
}

export function recordsSummary(level: ManagedEntityKey, records: ListedRecord[]): string {
  const definition = managedEntities[level];
  const text = cliText().list;
  if (records.length === 0) return text.none(text.nouns[level]);
  const parentName = definition.parent ? `${definition.parent}_name` : null;
  return formatTable(
    [
      text.id,
      ...(definition.hasCode ? [text.code] : []),
      text.name,
      ...(definition.hasTaxFlag ? [text.ppn] : []),
      ...(definition.parent ? [messagesId.levels[definition.parent].label.toUpperCase()] : []),
    ],
    records.map((record) => [
      record.id,
      ...(definition.hasCode ? [String(record.code ?? '')] : []),
      clip(record.name),
      // PPN as the planners write it: ya/tidak (yes/no in English), never true/false.
      ...(definition.hasTaxFlag ? [record.is_taxed ? cliText().yes : cliText().no] : []),
      ...(parentName ? [clip(String(record[parentName] ?? ''))] : []),
    ]),
  );
}
