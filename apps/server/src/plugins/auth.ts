import { type Access, AppError, messagesId } from '@ranwal/core';
import type { FastifyRequest } from 'fastify';
import type { Authorize, AuthUser } from '../routes/contract.js';
import type { TokenService } from '../services/tokens.js';
import type { UserService } from '../services/users.js';

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Server-side authorization for every route (the spec's guard only runs in the browser).
 * No or bad token: 401 "Token Invalid". Wrong role: 403. Public routes see a valid caller.
 */
export function createAuthorize(tokens: TokenService, users: UserService): Authorize {
  async function caller(request: FastifyRequest): Promise<AuthUser | null> {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return null;
    const verified = await tokens.verify(token, 'session');
    return verified ? users.findActive(verified.subject) : null;
  }

  return async (request: FastifyRequest, access: Access) => {
    const user = await caller(request);
    if (access === 'public') return user;
    if (!user) throw new AppError('unauthorized', messagesId.server.tokenInvalid);
    if (access === 'admin' && user.role !== 'admin') {
      throw new AppError('forbidden', messagesId.server.forbidden);
    }
    return user;
  };
}
