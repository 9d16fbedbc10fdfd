import { readConfig, writeConfig } from '../../config.js';
import { type ConnectionOptions, resolveServer } from '../../connection.js';
import { cliText } from '../../lang.js';

export interface LogoutResult {
  server: string | null;
  /** false when there was no session to forget. */
  signedOut: boolean;
}

/** Forgets the stored token of the server (the token expires on its own on the server). */
export async function logout(options: ConnectionOptions): Promise<LogoutResult> {
  const server = await resolveServer(options);
  const config = await readConfig();
  if (!server || !config.sessions[server]) return { server: server ?? null, signedOut: false };
  delete config.sessions[server];
  if (config.current === server) delete config.current;
  await writeConfig(config);
  return { server, signedOut: true };
}

export const logoutSummary = ({ server, signedOut }: LogoutResult): string =>
  signedOut ? cliText().signedOut(server!) : cliText().notSignedInTo(server);
