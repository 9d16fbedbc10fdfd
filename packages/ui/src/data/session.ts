import { Session, type SignInResult } from '@ranwal/core';

/** The local-storage keys of the browser session, exactly as the spec names them (section 3). */
export const sessionKeys = [
  'token',
  'userId',
  'userName',
  'userEmail',
  'userRole',
] as const satisfies readonly (keyof Session)[];

type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const browserStorage = (): SessionStorage => globalThis.localStorage;

/** The stored session, or null when a key is missing or holds something invalid. */
export function readSession(storage: SessionStorage = browserStorage()): Session | null {
  const stored = Object.fromEntries(sessionKeys.map((key) => [key, storage.getItem(key)]));
  const parsed = Session.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** The session a sign-in answer opens. */
export function sessionFromSignIn(result: SignInResult): Session {
  return Session.parse({
    token: result.token,
    userId: result.id,
    userName: result.name,
    userEmail: result.email,
    userRole: result.role,
  });
}

/** Stores the session of a sign-in answer under the five keys and returns it. */
export function writeSession(
  result: SignInResult,
  storage: SessionStorage = browserStorage(),
): Session {
  return storeSession(sessionFromSignIn(result), storage);
}

/** Stores a session under the five keys and returns it. */
export function storeSession(
  session: Session,
  storage: SessionStorage = browserStorage(),
): Session {
  for (const key of sessionKeys) storage.setItem(key, session[key]);
  return session;
}

/** Removes the five session keys (and nothing else the page stored). */
export function clearSession(storage: SessionStorage = browserStorage()): void {
  for (const key of sessionKeys) storage.removeItem(key);
}
