// Which captured statements the bare handler replays (bare.mjs), shared with the benches that
// check a capture has something to replay.

/** The server's lookup of the signed-in user (services/users.ts sessionOf): the bare handler makes its own. */
export const isUserLookup = (text) =>
  /from "app_user" where "id" = \$1$/.test(text) && text.includes('"session_version"');

/** Statements of the server's list cache, which the bare handler does not keep. */
export const isCacheStatement = (text) => text.startsWith('select pg_current_snapshot()');

/** Whether the bare handler replays this statement. */
export const isReplayed = (text) => !isUserLookup(text) && !isCacheStatement(text);
