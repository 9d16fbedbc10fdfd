import { type Access, AppError, messagesId, roleMayCall } from '@ranwal/core';
import type { FastifyRequest } from 'fastify';
import type { Authorize, AuthUser } from '../routes/contract.js';
import type { TokenService } from '../services/tokens.js';
import type { UserService } from '../services/users.js';

const BEARER = /^Bearer\s+(\S+)$/i;

/** The claim naming the session version a token was signed at (services/users.ts). */
export const SESSION_VERSION_CLAIM = 'sv';
/** A bearer token for `user` at session version `version` (sign-in, and the stories' sandbox). */
export const signSessionToken = (
  tokens: TokenService,
  user: { id: string; role: string },
  version: number,
): Promise<string> =>
  tokens.sign(user.id, 'session', { role: user.role, [SESSION_VERSION_CLAIM]: version });
/** A token's session version; tokens from before versions existed carry none and count as 0. */
export const sessionVersionOf = (claims: Record<string, unknown>): number => {
  const version = claims[SESSION_VERSION_CLAIM];
  return typeof version === 'number' ? version : 0;
};

interface Signed {
  subject: string;
  version: number;
}
/** Verified session tokens remembered at most; past it the oldest are forgotten first. */
const VERIFIED_TOKENS = 10_000;

/**
 * Server-side authorization for every route (the spec's guard only runs in the browser).
 * No or bad token: 401 "Token Invalid". Wrong role: 403. Public routes see a valid caller.
 */
export function createAuthorize(tokens: TokenService, users: UserService): Authorize {
  // A token's signature never changes, so once verified only its expiry needs checking again:
  // this spares the HMAC on every request of a session.
  const verified = new Map<string, Signed & { expiresAt: number }>();

  async function signedBy(token: string): Promise<Signed | null> {
    const known = verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known;
      verified.delete(token);
      return null;
    }
    const result = await tokens.verify(token, 'session');
    if (!result) return null;
    const { exp } = result.claims;
    const signed = { subject: result.subject, version: sessionVersionOf(result.claims) };
    if (typeof exp === 'number') {
      if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(token, { ...signed, expiresAt: exp * 1000 });
    }
    return signed;
  }

  async function caller(request: FastifyRequest): Promise<AuthUser | null> {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const signed = token ? await signedBy(token) : null;
    // A token of a user since deleted, or signed before their password changed, is refused.
    return signed ? users.findActive(signed.subject, signed.version) : null;
  }

  return async (request: FastifyRequest, access: Access) => {
    const user = await caller(request);
    if (access === 'public') return user;
    if (!user) throw new AppError('unauthorized', messagesId.server.tokenInvalid);
    if (!roleMayCall(access, user.role)) {
      throw new AppError('forbidden', messagesId.server.forbidden);
    }
    return user;
  };
}
