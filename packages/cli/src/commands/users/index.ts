import { type Role, roles, type User, UserCreateInput } from '@ranwal/core';
import { type ConnectionOptions, connect } from '../../connection.js';
import { CliError, calling } from '../../errors.js';
import { cliText } from '../../lang.js';
import { clip, formatTable } from '../../output.js';
import { askChoice, askSecret, askText } from '../../prompts.js';
import { fetchAllPages } from '../list/index.js';

export interface ListUsersOptions extends ConnectionOptions {
  search?: string | undefined;
  /** Only users and verifiers without a Perangkat Daerah (issue 34). */
  withoutAgency?: boolean | undefined;
}

/** Every user account (admin only), all pages. */
export async function listUsers(options: ListUsersOptions): Promise<User[]> {
  const { client } = await connect(options);
  return fetchAllPages(cliText().doing.listUsers, (page) =>
    client.user.list({
      page,
      limit: 100,
      ...(options.search ? { search: options.search } : {}),
      ...(options.withoutAgency ? { without_agency: 'true' } : {}),
    }),
  );
}

/** The table of users with how many Perangkat Daerah each belongs to ('tanpa': none). */
export const usersSummary = (users: User[]): string => {
  const text = cliText().users;
  if (users.length === 0) return text.none;
  return formatTable(
    [...text.header],
    users.map((user) => [
      user.id,
      clip(user.name),
      user.email,
      user.role,
      user.agency_ids.length > 0 ? String(user.agency_ids.length) : text.noAgency,
    ]),
  );
};

export interface CreateUserOptions extends ConnectionOptions {
  name?: string | undefined;
  email?: string | undefined;
  role?: string | undefined;
  /** Else a hidden prompt (`--password-stdin` reads it from standard input). */
  password?: string | undefined;
}

/** Creates a user (admin only); asks for what the options leave out when at a terminal. */
export async function createUser(options: CreateUserOptions): Promise<User> {
  if (options.role !== undefined && !roles.includes(options.role as Role)) {
    throw new CliError('usage', cliText().failures.mustBeOneOf('--role', roles.join(', ')));
  }
  const { client } = await connect(options);
  const ask = cliText().prompts;
  const input = {
    name: options.name ?? (await askText(ask.name, '--name')),
    email: options.email ?? (await askText(ask.email, '--email')),
    role: (options.role ?? (await askChoice(ask.role, '--role', roles))) as Role,
    password: options.password ?? (await askSecret(ask.newUserPassword, '--password-stdin')),
  };
  const parsed = UserCreateInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CliError('usage', `${String(issue.path[0])}: ${issue.message}`);
  }
  const { data } = await calling(cliText().doing.createUser, () => client.user.create(parsed.data));
  return data;
}

export const createdUserSummary = (user: User): string =>
  cliText().users.created(user.role, user.name, user.email, user.id);
