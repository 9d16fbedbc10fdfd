import type { User } from '@ranwal/core';
import { type ConnectionOptions, connect } from '../../connection.js';
import { calling } from '../../errors.js';
import { cliText } from '../../lang.js';

export interface WhoamiResult {
  server: string;
  user: User;
}

/** The account the stored token belongs to, as the server sees it now. */
export async function whoami(options: ConnectionOptions): Promise<WhoamiResult> {
  const { server, client } = await connect(options);
  const { data } = await calling(cliText().doing.whoami, () => client.user.me());
  return { server, user: data };
}

export const whoamiSummary = ({ server, user }: WhoamiResult): string =>
  cliText().whoami(user.name, user.email, user.role, server);
