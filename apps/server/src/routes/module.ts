import type { FastifyInstance } from 'fastify';
import type { Handlers } from './contract.js';

/** A domain's handlers for its contract group, plus any raw routes (file downloads). */
export interface RouteModule<G extends keyof Handlers> {
  handlers: Handlers[G];
  register?(app: FastifyInstance): void;
}
